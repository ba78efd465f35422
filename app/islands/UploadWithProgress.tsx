// The import page's upload with its progress shown (decision 124). With
// JavaScript, a big file (a district's OneRoster set is tens of MB) is sent first, one file at a
// time, to the page's upload route by XMLHttpRequest, whose upload events are the only way a
// browser reports how much of a body has gone; then the form is posted through Remix with the kept
// files' ids in place of the files. Without JavaScript the form posts its files itself.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigation, useSubmit } from "@remix-run/react";
import type { ImportFileUpload } from "@domain/forms/admin-imports";
import { t } from "@domain/messages/admin";

interface Options {
  /** The form's file field, and the field that carries the kept files' ids instead. */
  fileField: string;
  uploadedField: string;
  /** Where one file is posted as the raw body, named by `?name=`. */
  uploadUrl: string;
}

export interface Uploading {
  file: string;
  percent: number;
}

function uploadOne(
  url: string,
  file: File,
  onProgress: (loaded: number) => void,
): Promise<ImportFileUpload> {
  const failed = { error: t("admin.imports.uploadFailed", { file: file.name }) };
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${url}?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      try {
        const reply = JSON.parse(xhr.responseText) as Partial<{ id: string; error: string }>;
        if (typeof reply.id === "string") return resolve({ id: reply.id, name: file.name });
        if (typeof reply.error === "string") return resolve({ error: reply.error });
      } catch {
        // Not the upload route's answer (a sign-in page after a session ended): said below.
      }
      resolve(failed);
    };
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => resolve(failed);
    xhr.send(file);
  });
}

export function useUploadWithProgress({ fileField, uploadedField, uploadUrl }: Options) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The post answered with the page again (a refusal): the bar has nothing more to say. Only
  // once the post has left: the bar reaches 100 just before it does.
  const posted = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") posted.current = uploading !== null;
    else if (posted.current) {
      posted.current = false;
      setUploading(null);
    }
  }, [navigation.state, uploading]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (event.defaultPrevented) return;
    const form = event.currentTarget;
    const input = form.elements.namedItem(fileField);
    const files = input instanceof HTMLInputElement ? Array.from(input.files ?? []) : [];
    if (files.length === 0) return;
    event.preventDefault();
    setError(null);
    void (async () => {
      const data = new FormData(form);
      data.delete(fileField);
      const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
      let sent = 0;
      for (const file of files) {
        const show = (loaded: number) =>
          setUploading({
            file: file.name,
            percent: Math.min(100, Math.floor(((sent + loaded) * 100) / total)),
          });
        show(0);
        const kept = await uploadOne(uploadUrl, file, show);
        if ("error" in kept) {
          setUploading(null);
          setError(kept.error);
          return;
        }
        data.append(uploadedField, kept.id);
        sent += file.size;
      }
      setUploading({ file: files[files.length - 1]!.name, percent: 100 });
      submit(data, { method: "post", action: form.getAttribute("action") ?? undefined });
    })();
  }

  return { onSubmit, uploading, error };
}
