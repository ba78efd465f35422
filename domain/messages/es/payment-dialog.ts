// Spanish texts of the registration's payment dialog (decision 170). Same keys and arguments as
// ../en/payment-dialog.ts.
import type { Translation } from "../translate";
import type { paymentDialog as en } from "../en/payment-dialog";

export const paymentDialog: Translation<typeof en> = {
  "paymentDialog.title": "Opciones de pago",
  "paymentDialog.mail": "Enviar un cheque por correo",
  "paymentDialog.fab": "Ayuda económica",
  "paymentDialog.freeAfterCc": "Sin costo con sus créditos de cursos",
  "paymentDialog.waitlist": "Confirmar en la lista de espera",
  "paymentDialog.stripe": "Pagar en línea con tarjeta",
  "paymentDialog.cart": "Agregar a mi carrito y pagar junto con las cuotas",
  "paymentDialog.addedToCart":
    "La inscripción está en su carrito. Pague antes de que termine el tiempo indicado para conservar su lugar.",
  "paymentDialog.method": "¿Cómo desea pagar?",
  "paymentDialog.amount": "Monto del pago",
  "paymentDialog.minimum": "Pago mínimo: {amount}",
  "paymentDialog.cost": "Costo: {amount}",
  "paymentDialog.balance": "Saldo pendiente: {amount}",
  "paymentDialog.submit": "Continuar",
  // After a mailed check is promised: the promise's amount and the day it must arrive by.
  "paymentDialog.mailCheckDue":
    "Envíe por correo un cheque por {amount}. Debe llegarnos a más tardar el {due}; si no llega, la inscripción se libera y su lugar se ofrece a las familias de la lista de espera.",
  // A registration that is a line of the family's cart (decision 169).
  "paymentDialog.inCart": "Este curso está en su carrito. Si lo paga aquí, se quitará del carrito.",
  "paymentDialog.goToCart": "Pagarlo junto con el resto del carrito",
  "paymentDialog.payLater":
    "Todas las cuotas deben pagarse en su totalidad a más tardar en la fecha límite; de lo contrario, se cancelarán las inscripciones con cuotas pendientes.",
  "paymentDialog.confirmCancelTitle": "¿Cancelar la inscripción?",
  "paymentDialog.confirmCancel": "Sí, cancelar mi inscripción",
  "paymentDialog.keep": "No, regresar",
  "paymentDialog.close": "Cerrar",
  // The dialog's title; {kind} is one of the three kinds below, so they are written in lower case.
  "paymentDialog.confirmed": "Confirmación de {kind}",
  "paymentDialog.kind.waitlist": "lista de espera",
  "paymentDialog.kind.registration": "inscripción",
  "paymentDialog.kind.payment": "pago",
  "paymentDialog.notFound": "No se encontró ninguna inscripción pendiente de pago para este curso.",
  "paymentDialog.cancelled": "Su inscripción fue cancelada.",
  "paymentDialog.confirmationNumber": "Número de confirmación: {id}",
  "paymentDialog.paid": "Esta inscripción está pagada en su totalidad.",
  "paymentDialog.awaitingCheck":
    "Por ahora no debe nada más: estamos esperando su cheque por correo de {amount}.",
};
