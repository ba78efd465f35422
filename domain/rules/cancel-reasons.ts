// Why a registration was cancelled, as recorded on it (spec 01 §6 "Payment window"): data the
// district API compares and staff read, in the spec's English words whatever the family's
// language (decision 170), so they are not catalogue texts.
export const REASON_TIMEOUT = "Payment Timeout";
export const REASON_OFFER_EXPIRED = "Waitlist Offer Expired";
export const REASON_CLICKED_CANCEL = "Clicked cancel on payment";
