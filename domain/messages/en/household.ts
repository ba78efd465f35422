// Texts of a household in one sign-in (decision 165): the "Add another child" page and the notices
// of adding and switching. The strip on every family page keeps its few words in common.ts.
export const household = {
  "household.addTitle": "Add Another Child",
  "household.addIntro":
    "Enter your next child's ID number and birth date, as they would sign in. You can then switch between your children at the top of every page. Signing out ends the sign-in for all of them.",
  "household.addSubmit": "Add Child",
  "household.added": "{name} is added to this sign-in.",
  "household.already": "{name} is already in this sign-in.",
  "household.full":
    "This sign-in cannot hold another child (at most {max}, fewer with long names). Sign out and sign in again for another child.",
  "household.switched": "Now showing {name}.",
  "household.gone":
    "That child is no longer in this sign-in. Add them again with their ID number and birth date.",
} as const;
