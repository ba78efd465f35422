// A data table: rows separated by a rule, the theme's small font. Table.Thead/Tbody/Tr/Th/Td
// are the native elements with their classes.
import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./style";

type Props<E> = HTMLAttributes<E> & { className?: string };

function TableRoot({ className, ...props }: Props<HTMLTableElement>) {
  return <table className={cx("ui-table", className)} {...props} />;
}

export const Table = Object.assign(TableRoot, {
  Thead: (props: Props<HTMLTableSectionElement>) => <thead {...props} />,
  Tbody: (props: Props<HTMLTableSectionElement>) => <tbody {...props} />,
  Tr: (props: Props<HTMLTableRowElement>) => <tr {...props} />,
  Th: (props: ThHTMLAttributes<HTMLTableCellElement>) => <th {...props} />,
  Td: (props: TdHTMLAttributes<HTMLTableCellElement>) => <td {...props} />,
});
