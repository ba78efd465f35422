// Ids of the controls that open the programs dialogs, so that closing a dialog gives the focus
// back to them (PageDialog's openerId, decision 095), with or without JavaScript. A card's first
// action carries `action`: after a dialog the card may show another action (Register again after
// a cancelled payment), and the focus goes to whichever it shows now.
export const programsOpener = {
  details: (courseSelectionUUID: string) => `details-${courseSelectionUUID}`,
  action: (courseSelectionUUID: string) => `action-${courseSelectionUUID}`,
  survey: (programUUID: string) => `survey-${programUUID}`,
};
