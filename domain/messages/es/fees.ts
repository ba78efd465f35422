// Spanish texts of fees, cart, checkout, payment dialogs, payment-complete and receipts
// (decision 170). Same keys and arguments as ../en/fees.ts.
import type { Translation } from "../translate";
import type { fees as en } from "../en/fees";

export const fees: Translation<typeof en> = {
  "cart.title": "Carrito",
  "cart.empty": "Su carrito está vacío.",
  "cart.expired": "Se acabó su tiempo para pagar, así que se quitaron los artículos de su carrito.",
  "cart.expiredKept":
    "Su inscripción no se canceló: el pago que hizo la mantiene. El saldo pendiente salió del carrito y puede pagarlo desde Mis inscripciones.",
  "cart.expiredKeptLink": "Ir a Mis inscripciones",
  "cart.empty.programs": "Ver programas",
  "cart.empty.fees": "Ver cuotas",
  "cart.readyTitle": "Listo para enviar",
  "cart.submitOrder": "Enviar pedido",
  "cart.paymentMethod": "Método de pago",
  "cart.summary": "Resumen del carrito",
  "cart.total": "Total",
  "cart.remove": "Quitar {name}",
  "cart.removeShort": "Quitar",
  "cart.emptyCart": "Vaciar carrito",
  "cart.confirmEmpty.title": "Vaciar carrito",
  "cart.confirmEmpty.body": "¿Quitar todos los artículos de su carrito?",
  "cart.confirmEmpty.keep": "Conservar mi carrito",
  "cart.quantity": "Cant. {quantity}",
  "cart.payer.employee": "Empleado {id} - {name}",
  "cart.payer.student": "Estudiante {id} - {name}",
  // Before and after the time left (shown in bold between them).
  "cart.countdown.before": "Complete su pago en los próximos",
  "cart.countdown.after":
    "minutos para pagar los artículos de su carrito; de lo contrario, se cancelarán.",
  // Said once each by a polite live region (the timer itself is not read out every second).
  "cart.countdown.warning.5": "Quedan 5 minutos para completar su pago.",
  "cart.countdown.warning.1": "Queda 1 minuto para completar su pago.",
  "cart.error.load": "Hubo un error al cargar el carrito",
  "cart.removed": "Se quitó del carrito.",
  "cart.emptied": "Su carrito está vacío.",
  "cart.registration": "Inscripción",

  "checkout.paymentType": "Tipo de pago",
  "checkout.type.full": "Pagar el total",
  "checkout.type.partial": "Pago parcial",
  "checkout.partialAmount": "Monto del pago parcial",
  "checkout.method": "Método de pago",
  "checkout.method.stripe": "Tarjeta en línea",
  "checkout.method.mail": "Enviar un cheque por correo",
  "checkout.method.cash": "Efectivo",
  "checkout.method.inPersonCheck": "Cheque en persona",
  "checkout.method.terminal": "Lector de tarjetas",
  "checkout.tendered": "Monto recibido",
  "checkout.checkNumber": "Número de cheque",
  "checkout.payNow": "Pagar {amount} ahora",
  "checkout.proceed": "Continuar al pago",
  "checkout.submitOrder": "Enviar pedido",
  "checkout.minimum": "Pago mínimo: {amount}",
  "checkout.error.paymentTypeRequired": "El tipo de pago es obligatorio.",
  "checkout.error.decimals": "El pago debe tener 2 decimales o menos.",
  "checkout.error.minimum":
    "El monto del pago debe ser de al menos el 1% del costo original ({amount}).",
  "checkout.error.minimumOnePercent":
    "El monto del pago debe ser de al menos {amount}: los artículos que se pagan en su totalidad ({required}) más el 1% del resto ({part}).",
  "checkout.error.minimumFloor":
    "El monto del pago debe ser de al menos {amount}: los artículos que se pagan en su totalidad ({required}) más el pago parcial mínimo ({part}).",
  "checkout.error.maximum":
    "El monto del pago no puede ser mayor que el saldo pendiente ({amount}).",
  "checkout.error.tenderedRequired": "El monto recibido es obligatorio para pagos en efectivo.",
  "checkout.error.tenderedLow": "El monto recibido debe ser igual o mayor que el monto del pago.",
  "checkout.error.tenderedHigh":
    "El monto recibido no puede superar el monto del pago por más de 100 dólares.",
  "checkout.error.checkNumber":
    "El número de cheque es obligatorio y debe tener al menos 3 caracteres.",
  "checkout.error.methodRequired": "Elija un método de pago.",
  "checkout.error.methodUnavailable": "Este método de pago no está disponible para este carrito.",
  "checkout.error.balanceChanged": "El saldo pendiente cambió. Revíselo y vuelva a pagar.",
  "checkout.orderSubmitted": "Su pedido fue enviado.",
  "checkout.mailSubmitted":
    "Su pedido fue enviado. Envíe su cheque por correo para completar el pago.",

  "payment.error.stripe": "Ocurrió un error desconocido con Stripe.",
  "payment.error.payment": "Ocurrió un error desconocido con el pago.",
  "payment.cardLoadFailed": "Hubo un problema al cargar el pago con tarjeta de crédito.",
  "payment.cardLoadSlow":
    "Cargando el formulario de pago con tarjeta de crédito. Si este mensaje no desaparece, vuelva a cargar la página o borre la memoria caché de su navegador.",
  "payment.tryAgain": "Intentar de nuevo",
  "payment.creditsApplied": "Recibimos su pago y se aplicaron sus créditos de cursos.",
  "payment.testMode": "Modo de prueba",
  "payment.testModeNote":
    "No se hace ningún cargo a una tarjeta real. Use 4242 4242 4242 4242 para un pago aprobado o 4000 0000 0000 0002 para un pago rechazado.",
  "payment.cardNumber": "Número de tarjeta",
  "payment.expiry": "Vencimiento (MM/AA)",
  "payment.cvc": "CVC",
  "payment.payAmount": "Pagar {amount}",
  "payment.cancel": "Cancelar",
  "payment.checkoutTitle": "Pagar",
  "payment.sessionGone": "Esta sesión de pago ya no está disponible.",

  // {payableTo} and {address} are the district's settings (checkPayableTo, checkMailingAddress).
  "paymentDialog.mailAddress":
    "Haga su cheque a nombre de {payableTo} y envíelo por correo a: {address}. El cheque debe incluir el nombre y el número de identificación del participante.",
  "paymentDialog.expired":
    "Se acabó el tiempo para pagar su inscripción, así que su inscripción fue cancelada.",
  "paymentDialog.payNow": "Pagar ahora",
  // On the cart inside the desktop client (the cashier's page is in cashier.ts).
  "cashier.link": "Cobrar en la caja",
  // The guests' Fees page links to their earlier receipts (decision 141).
  "guestReceipts.link": "Recibos anteriores",
};
