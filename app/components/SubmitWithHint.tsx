// A submit button that, while disabled by client-side checks, says why: a visible hint next to it
// (tied with aria-describedby) and the same words as its title. Replaces Mantine's Tooltip, whose
// floating-ui code (~25 KB gzip) would otherwise land in the chunk every page loads (decision 092).
import { Button, type ButtonOwnProps } from "~/ui";

type Props = ButtonOwnProps & {
  /** Shown while `disabled`. */
  hint: string;
  hintId: string;
  disabled?: boolean;
  children: React.ReactNode;
};

export function SubmitWithHint({ hint, hintId, disabled, children, ...rest }: Props) {
  return (
    <span className="submit-with-hint" title={disabled ? hint : undefined}>
      <Button
        type="submit"
        disabled={disabled}
        aria-describedby={disabled ? hintId : undefined}
        {...rest}
      >
        {children}
      </Button>
      {disabled ? (
        <span id={hintId} className="submit-hint">
          {hint}
        </span>
      ) : null}
    </span>
  );
}
