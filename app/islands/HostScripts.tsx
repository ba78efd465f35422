// Installs the page function the desktop client calls back with a script's answer:
//   window.fileMakerCallback(requestId, { message, errorCode, data })
// (see host-scripts.ts). Rendered on the cashier page; the scripts themselves are called there.
import { useEffect } from "react";
import { installHostCallback } from "./host-scripts";

export function HostScripts() {
  useEffect(() => {
    installHostCallback();
  }, []);
  return null;
}
