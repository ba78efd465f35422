// The import page's upload progress (app/islands/UploadWithProgress.tsx sends the files).
import { Progress, Text } from "@mantine/core";
import { t } from "@domain/messages/admin";
import type { Uploading } from "~/islands/UploadWithProgress";

/** The bar and its words while files go up, and once they are checked. */
export function UploadProgress({ uploading }: { uploading: Uploading | null }) {
  if (!uploading) return null;
  return (
    <div>
      <Progress.Root size="lg">
        <Progress.Section
          value={uploading.percent}
          aria-label={t("admin.imports.uploadingFile", { file: uploading.file })}
        />
      </Progress.Root>
      <Text size="sm" role="status" mt={4}>
        {uploading.percent < 100
          ? t("admin.imports.uploadProgress", {
              file: uploading.file,
              percent: uploading.percent,
            })
          : t("admin.imports.checking")}
      </Text>
    </div>
  );
}
