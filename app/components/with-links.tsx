// A catalogue text whose `{name}` placeholders are drawn as the nodes given (links, mostly): the
// words around a link stay one sentence in the catalogue.
import { Fragment, type ReactNode } from "react";

export function withLinks(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text.split(/\{(\w+)\}/).map((piece, i) =>
    // Odd pieces are the placeholders' names.
    i % 2 === 1 ? <Fragment key={i}>{parts[piece] ?? `{${piece}}`}</Fragment> : piece,
  );
}
