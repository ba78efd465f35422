// The family pages' controls, the project's own (docs/decisions/118): one component per
// control, its look in app/styles/ui.css on the theme's CSS variables. Staff pages use Mantine
// (app/components/staff/StaffUi.tsx).
export { Button, CloseButton, type ButtonOwnProps } from "./Button";
export { Stack, Group, SimpleGrid, Paper, Card, Divider } from "./layout";
export { Text, Anchor, Title } from "./text";
export { Alert, Badge } from "./feedback";
export {
  Field,
  RequiredMark,
  TextInput,
  Select,
  Textarea,
  fieldAria,
  useFieldId,
  type FieldParts,
  type TextInputProps,
  type SelectProps,
  type TextareaProps,
} from "./field";
export { Checkbox, Radio, RadioGroup, type RadioOption } from "./choice";
export { Table } from "./Table";
export { Fieldset, Image } from "./Fieldset";
export type { ThemeColor, TextColor, Size, Spacing } from "./style";
