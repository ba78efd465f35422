// Spanish texts of what a family reads once a payment is made: "Payment Complete" and the receipt
// (decision 170). Same keys and arguments as ../en/receipts.ts.
import type { Translation } from "../translate";
import type { receipts as en } from "../en/receipts";

export const receipts: Translation<typeof en> = {
  "paymentComplete.title": "Pago completado",
  "paymentComplete.redirect":
    "Pasará a la siguiente página en {seconds, plural, one {# segundo} many {# segundos} other {# segundos}}.",
  "paymentComplete.paid": "Pagó {amount} por {what}.",
  "paymentComplete.receipt": "Ver su recibo",
  "paymentComplete.stay": "Quedarse en esta página",
  "paymentComplete.continue": "Continuar ahora",
  "paymentComplete.error": "Ocurrió un error al procesar su solicitud.",
  "paymentComplete.return": "Regresar a la inscripción",
  "paymentComplete.pending": "Su pago se está procesando.",
  "paymentComplete.pendingTitle": "Pago en proceso",

  "receipt.title": "Carrito de {name} - {id}",
  "receipt.titleGuest": "Carrito de {name}",
  "receipt.totalPaid": "Total pagado",
  "receipt.cartId": "Número de carrito",
  "receipt.print": "Imprimir",
  "receipt.printHint": "Use la opción Imprimir de su navegador para imprimir este recibo.",
  "receipt.backToReceipt": "Volver al recibo",
  "receipt.course": "Curso",
  "receipt.line": "{quantity} × {price} = {total}",
  "receipt.nothingPaid": "Este pago no abonó nada a este artículo; falta pagar {left}.",
  "receipt.leftToPay": "Saldo pendiente después de este pago: {left}",
};
