// Texts of a household in one sign-in (decision 165): the "Add another child" page and the notices
// of adding and switching, and the strip on every family page, whose words the server writes
// into the page's data (the pages' scripts carry none of them).
export const household = {
  "household.label": "Children in this sign-in",
  "household.showing": "Showing {name}",
  "household.switchTo": "Switch to {name}",
  "household.add": "Add another child",
  "household.addTitle": "Add Another Child",
  "household.addIntro":
    "Enter your next child's ID number and birth date, as they would sign in. You can then switch between your children at the top of every page. Signing out ends the sign-in for all of them.",
  "household.addIntroRegister":
    'Enter the next child\'s ID number and birth date. On the cart page, "Pay for all children here" then brings their cart into this one, to be paid at once.',
  "household.addSubmit": "Add Child",
  "household.added": "{name} is added to this sign-in.",
  "household.already": "{name} is already in this sign-in.",
  "household.full":
    "This sign-in cannot hold another child (at most {max}, fewer with long names). Sign out and sign in again for another child.",
  "household.switched": "Now showing {name}.",
  "household.gone":
    "That child is no longer in this sign-in. Add them again with their ID number and birth date.",
  "household.cartWaitingOne": "{name} has 1 item waiting in their own cart.",
  "household.cartWaitingMany":
    "{name} has {count, plural, one {# item} other {# items}} waiting in their own cart.",
  "household.links.notAccount": "Only a community member's own sign-in can remember children.",
  "household.links.self": "A sign-in cannot remember itself as a child.",
  "household.links.full":
    "Your account can remember at most {max, plural, one {# child} other {# children}}.",
  "household.links.notFound": "That child is not remembered for your account.",
  "household.addedRemembered":
    "{name} is added to this sign-in and remembered for your account: {name} comes back each time you sign in.",
  "household.rememberedTitle": "Remembered for your account",
  "household.rememberedIntro":
    "These children come back each time you sign in. Forget a child to stop that; they stay in this sign-in until you sign out.",
  "household.rememberedNone": "No child is remembered for your account yet.",
  "household.forget": "Forget {name}",
  "household.forgotten": "{name} will not come back at your next sign-in.",
  "household.forChild": "{name} (for {child})",
  "household.gather": "Pay for all children here",
  "household.nothingWaiting": "Nothing was waiting in your other children's carts.",
  "household.gathered":
    "Everything in your children's carts is now in this one: one payment pays for all of it.",
  "household.cart.notLinked":
    "A child of this sign-in could not be confirmed. Add them again with their ID number and birth date.",
  "household.cart.beingPaid":
    "Another child's cart is being paid right now. Try again when that payment is finished.",
  // At a cashier's register the pushed child stays on screen; the others are named (decision 167).
  "household.showingAtRegister": "Showing {name}, with {others} in this sign-in",
} as const;
