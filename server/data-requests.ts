// Remix's single fetch asks for a page's data, and posts a page's forms when the page runs its
// scripts, at the page's path with `.data` appended (`/_root.data` for `/`). The server's gates
// before Remix (the maintenance window, the body limits, the language, the access log) read such a
// request as one for the page itself, as Remix does.

/** True for a page's data request or a form's post from a page with its scripts: `<page>.data`. */
export function isDataRequest(path: string): boolean {
  return path.endsWith(".data");
}

/** The page a request is for: its path without `.data`, and `/` for `/_root.data`. */
export function pagePathOf(path: string): string {
  return isDataRequest(path) ? path.replace(/\.data$/, "").replace(/^\/_root$/, "/") : path;
}
