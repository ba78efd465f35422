// Placeholder until the issue that builds this page: guarded, titled, nothing more.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Title } from "@mantine/core";
import { requireStaff } from "~/.server/auth";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return json({});
}

export default function Page() {
  return <Title order={1}>My Activities</Title>;
}
