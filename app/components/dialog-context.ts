// Whether a component is inside a PageDialog. A form in a dialog puts the focus on its first
// invalid field (decision 095): the dialog is small, its errors are in view, and the error
// summary of the page's forms (issue 29 point 8) does not take the focus there.
import { createContext } from "react";

export const InPageDialog = createContext(false);
