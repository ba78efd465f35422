// Form schemas of a household in one sign-in (decision 165). Adding a child is the sign-in's own
// form (StudentSigninForm); the switch is the strip's buttons: which child, and the page it was on.
import { z } from "zod";

export const SwitchChildForm = z.object({
  /** The child's `childKey`, e.g. "student:100012". */
  child: z.string().max(60),
  /** The page the switch was made on (a path; `afterSwitch` keeps only family lists). */
  from: z.string().max(8192).optional(),
});

/** "Forget" a child remembered for a community account (decision 168): which one. */
export const ForgetChildForm = z.object({
  child: z.coerce.number().int().positive().max(2_147_483_647),
});
