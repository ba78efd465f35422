// A download menu that needs no JavaScript: a disclosure (details/summary) of plain links to
// resource routes that answer with the file as an attachment.
import { t } from "@domain/messages/staff";

export interface DownloadItem {
  href: string;
  label: string;
}

export function DownloadMenu({
  items,
  label = t("staff.download"),
}: {
  items: DownloadItem[];
  label?: string;
}) {
  return (
    <details className="staff-download">
      <summary>{label}</summary>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            {/* A document request, not a client navigation: the answer is a file. */}
            <a href={item.href} data-download>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
