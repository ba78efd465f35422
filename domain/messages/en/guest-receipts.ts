// Texts of a guest's earlier receipts, opened by a code sent to the mailbox (decision 141).
export const guestReceipts = {
  "guestReceipts.title": "Earlier Receipts",
  "guestReceipts.intro":
    "Receipts of earlier guest visits open once you show that the e-mail address you signed in with is yours: we send a code to it, you enter it here.",
  "guestReceipts.send": "Send Code",
  "guestReceipts.sent":
    "A code is on its way to your e-mail. It works for 15 minutes, in this guest session.",
  "guestReceipts.code": "Code",
  "guestReceipts.confirm": "Open Receipts",
  "guestReceipts.codeRequired": "Code is required",
  "guestReceipts.codeInvalid": "Code must be the 6 digits from the e-mail.",
  "guestReceipts.codeWrong": "That code is not right. Check the e-mail and try again.",
  "guestReceipts.codeUsedUp": "That code no longer works. Send a new code.",
  "guestReceipts.tooManyMails":
    "Several codes were sent to this address in the last hour. Use the latest, or try again later.",
  "guestReceipts.notProven": "Enter the code sent to your e-mail first.",
  "guestReceipts.none": "There are no earlier receipts for this e-mail.",
  "guestReceipts.receipt": "Receipt of {date}, {amount}",
  "guestReceipts.mailSubject": "Your code for earlier receipts",
  "guestReceipts.mailBody":
    "Hello {name},\n\nYour code is {code}. It works for 15 minutes, in the guest session that asked for it.\n\nIf you did not ask for it, you can ignore this e-mail: nobody opens your receipts without it.\n\n{district}",
  "guestReceipts.loadError": "There was an error loading your receipts.",
} as const;
