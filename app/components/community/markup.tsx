// The community member form's fieldsets, two-column grids, file control label and signature
// images, drawn with exactly the markup of Mantine's Fieldset, SimpleGrid, Input.Wrapper and
// Image without their code (decision 097). tests/unit/member-form-markup.test.tsx compares them
// with Mantine's own.
import type { CSSProperties, ReactNode } from "react";

/** Mantine's Fieldset markup (default variant). */
export function Fieldset({
  legend,
  className,
  children,
}: {
  legend: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`m_84c9523a ${className ? `${className} ` : ""}m_e9408a47 mantine-Fieldset-root`}
      data-variant="default"
    >
      <legend className="m_90794832 mantine-Fieldset-legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The class of the form's two-column grids; see GridStyle. */
export const GRID = "member-form-grid";

/**
 * What Mantine's SimpleGrid with `cols={{ base: 1, sm: 2 }}` writes for each grid, once for all
 * of them: one column, two from the sm breakpoint, md spacing.
 */
export function GridStyle() {
  return (
    <style>{`.${GRID}{--sg-spacing-x:var(--mantine-spacing-md);--sg-spacing-y:var(--mantine-spacing-md);--sg-cols:1;}@media(min-width: 48em){.${GRID}{--sg-cols:2;}}`}</style>
  );
}

export function Grid({ children }: { children: ReactNode }) {
  return <div className={`m_2415a157 mantine-SimpleGrid-root ${GRID}`}>{children}</div>;
}

/** Mantine's Image markup (`maw={300}`, optionally `bd="1px solid gray.4"`). */
export function SignatureImage({
  src,
  alt,
  bordered,
}: {
  src: string;
  alt: string;
  bordered?: boolean;
}) {
  const style: CSSProperties = {
    ...(bordered
      ? { border: "calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-4)" }
      : {}),
    maxWidth: "calc(18.75rem * var(--mantine-scale))",
  };
  return <img style={style} className="m_9e117634 mantine-Image-root" src={src} alt={alt} />;
}

/** Mantine's Input.Wrapper markup around a control Mantine has no input for (a file control). */
export function FileWrapper({
  id,
  label,
  children,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="m_46b77525 mantine-InputWrapper-root">
      <label className="m_8fdc1311 mantine-InputWrapper-label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {children}
    </div>
  );
}
