// Spanish texts of a guest's earlier receipts, opened by a code sent to the mailbox (decision
// 170). Same keys and arguments as ../en/guest-receipts.ts.
import type { Translation } from "../translate";
import type { guestReceipts as en } from "../en/guest-receipts";

export const guestReceipts: Translation<typeof en> = {
  "guestReceipts.title": "Recibos anteriores",
  "guestReceipts.intro":
    "Para abrir los recibos de sus visitas anteriores como invitado, confirme que el correo electrónico con el que inició sesión es suyo: le enviamos un código a ese correo y usted lo escribe aquí.",
  "guestReceipts.send": "Enviar código",
  "guestReceipts.sent":
    "Le enviamos un código a su correo electrónico. Es válido por 15 minutos, en esta sesión de invitado.",
  "guestReceipts.code": "Código",
  "guestReceipts.confirm": "Abrir recibos",
  "guestReceipts.codeRequired": "El código es obligatorio",
  "guestReceipts.codeInvalid":
    "El código debe tener los 6 dígitos que recibió por correo electrónico.",
  "guestReceipts.codeWrong":
    "Ese código no es correcto. Revise el correo electrónico e inténtelo de nuevo.",
  "guestReceipts.codeUsedUp": "Ese código ya no es válido. Solicite un código nuevo.",
  "guestReceipts.tooManyMails":
    "En la última hora se enviaron varios códigos a este correo electrónico. Use el más reciente o inténtelo de nuevo más tarde.",
  "guestReceipts.notProven": "Primero escriba el código que le enviamos a su correo electrónico.",
  "guestReceipts.none": "No hay recibos anteriores para este correo electrónico.",
  "guestReceipts.receipt": "Recibo del {date}, {amount}",
  "guestReceipts.mailSubject": "Su código para ver recibos anteriores",
  "guestReceipts.mailBody":
    "Hola {name}:\n\nSu código es {code}. Es válido por 15 minutos, en la sesión de invitado en la que lo solicitó.\n\nSi usted no lo solicitó, puede ignorar este correo: nadie puede abrir sus recibos sin este código.\n\n{district}",
  "guestReceipts.loadError": "Ocurrió un error al cargar sus recibos.",
};
