// Spanish texts of the family mail queued by the district API (decisions 130, 170): receipts and
// confirmations (plain text and HTML from the same texts), and the office's mail log. Same keys
// and arguments as ../en/mail.ts.
import type { Translation } from "../translate";
import type { mail as en } from "../en/mail";

export const mail: Translation<typeof en> = {
  "mail.greeting": "Hola, {name}:",
  "mail.greetingFamily": "Hola, familia {family}:",
  "mail.greetingPlain": "Hola:",
  "mail.dates": "Fechas",
  "mail.daysAndTime": "Días y horario",
  "mail.where": "Lugar",
  "mail.room": "salón {room}",
  "mail.line.paid": "{quantity} × {price} = {total}, pagado: {paid}",
  "mail.line.partlyPaid": "{quantity} × {price} = {total}, pagado: {paid}, saldo pendiente: {left}",
  "mail.line.nothingPaid":
    "{quantity} × {price} = {total}, sin pago por ahora, saldo pendiente: {left}",
  "mail.link.receipt": "Ver su recibo",
  "mail.link.registrations": "Ver sus inscripciones",
  "mail.signOff": "{district}",
  "mail.keep": "Guarde este correo electrónico como comprobante.",
  "mail.noReply": "{district} envió este mensaje. Las respuestas a este correo no se leen.",
  "mail.confirmation": "Número de confirmación",
  "mail.amount": "Monto",
  "mail.method": "Forma de pago",
  "mail.date": "Fecha",
  "mail.check": "Número de cheque",
  "mail.participant": "Participante",
  "mail.participantId": "Número de identificación",
  "mail.course": "Curso",
  "mail.items": "Conceptos",
  "mail.total": "Total",

  "mail.method.stripe": "Tarjeta (en línea)",
  "mail.method.terminal": "Tarjeta (lector de tarjetas)",
  "mail.method.cash": "Efectivo",
  "mail.method.inPersonCheck": "Cheque (en persona)",
  "mail.method.mail": "Cheque (por correo)",
  "mail.method.fab": "Ayuda económica",
  "mail.method.free": "Sin costo",
  "mail.method.free_after_cc": "Sin costo",
  "mail.method.other": "Otro",

  "mail.receipt.subject": "{district}: recibo de su pago de {amount}",
  "mail.receipt.intro": "Gracias. {district} recibió su pago de {amount}.",
  "mail.receipt.aidSubject": "{district}: confirmación de ayuda económica",
  "mail.receipt.aidIntro":
    "La ayuda económica de {district} cubre el costo de la inscripción que aparece abajo; no tiene nada que pagar.",
  "mail.registration.subject": "{district}: inscripción confirmada en {course}",
  "mail.registration.intro": "La inscripción de {name} en {course} ({program}) está confirmada.",
  "mail.registration.owing":
    "Esta inscripción todavía tiene un saldo pendiente de {amount}. Todas las cuotas deben pagarse en su totalidad a más tardar en la fecha límite.",
  "mail.waitlist.subject": "{district}: lugar en la lista de espera de {course}",
  "mail.waitlist.intro":
    "{name} está en la lista de espera de {course} ({program}). Cuando se libere un lugar, le enviaremos un correo electrónico para ofrecérselo.",
  "mail.mailedCheck.subject":
    "{district}: envíe su cheque por correo para confirmar su inscripción",
  "mail.mailedCheck.intro":
    "Usted eligió pagar {amount} con cheque. Le guardamos las inscripciones que aparecen abajo hasta que llegue su cheque.",
  "mail.mailedCheck.instructions":
    "Haga su cheque a nombre de {payableTo} y envíelo por correo a: {address}. Escriba en el cheque el nombre y el número de identificación del participante, y el número de confirmación.",
  "mail.mailedCheck.due":
    "Su cheque debe llegarnos a más tardar el {due}. Si no llega, las inscripciones se cancelan y sus lugares se ofrecen a las familias de la lista de espera.",
  "mail.promiseReleased.subject": "{district}: {course}, no recibimos su cheque",
  "mail.promiseReleased.intro":
    "No recibimos a tiempo el cheque de {amount} que usted iba a enviar para {course}; la fecha límite era el {due}. La inscripción se canceló y su lugar se ofreció a la siguiente familia de la lista de espera.",
  "mail.promiseReleased.introKept":
    "No recibimos a tiempo el cheque de {amount} que usted iba a enviar para {course}; la fecha límite era el {due}. La inscripción se mantiene y vuelve a tener un saldo pendiente de {amount}: páguelo en línea desde la página de programas.",
  "mail.promiseReleased.again":
    "Para participar, inscríbase de nuevo y pague en línea, o anótese en la lista de espera si la actividad está llena.",

  // The office's mail log.
  "office.nav.mail": "Registro de correos",
  "office.mail.title": "Registro de correos",
  "office.mail.intro":
    "Los correos electrónicos que el distrito envió a una familia: recibos, confirmaciones y avisos. Busque por número de estudiante, número de miembro o correo electrónico.",
  "office.mail.search": "Número de estudiante, número de miembro o correo electrónico",
  "office.mail.searchHint": "Un número o un correo electrónico.",
  "office.mail.find": "Mostrar correos",
  "office.mail.none": "No se encontraron correos para {q}.",
  "office.mail.colWhen": "En cola",
  "office.mail.colTo": "Para",
  "office.mail.colSubject": "Asunto",
  "office.mail.colKind": "Tipo",
  "office.mail.colStatus": "Estado",
  "office.mail.colSent": "Enviado",
  "office.mail.colAttempts": "Intentos",
  "office.mail.resend": "Reenviar",
  "office.mail.resendLabel": "Reenviar {subject} a {to}",
  "office.mail.resent": "Se puso en cola una copia para {to}.",
  "office.mail.notResendable": "Solo se pueden reenviar recibos y confirmaciones.",
  "office.mail.notFound": "No se encontró ese mensaje.",
  "office.mail.queryInvalid":
    "Escriba un número de estudiante, un número de miembro o un correo electrónico.",
  "office.mail.status.queued": "En cola",
  "office.mail.status.sending": "Enviando",
  "office.mail.status.sent": "Enviado",
  "office.mail.status.failed": "No enviado",
  "office.mail.kind.recover-id": "Recordatorio de número",
  "office.mail.kind.member-id": "Número de miembro",
  "office.mail.kind.member-exists": "Cuenta ya existente",
  "office.mail.kind.sign-in-lock": "Inicio de sesión en pausa",
  "office.mail.kind.waitlist-offer": "Oferta de lugar (lista de espera)",
  "office.mail.kind.section-cancelled": "Curso cancelado",
  "office.mail.kind.check-bounced": "Cheque devuelto",
  "office.mail.kind.receipt": "Recibo",
  "office.mail.kind.registration": "Confirmación de inscripción",
  "office.mail.kind.waitlist": "Confirmación de lista de espera",
  "office.mail.kind.mailed-check": "Instrucciones de cheque por correo",
  "office.mail.kind.refund": "Reembolso",
  "office.mail.loadError": "Hubo un error al cargar el registro de correos.",
  // Correo a las familias que envían acciones del personal (una sección cancelada, un cheque
  // devuelto, un reembolso).
  "admin.catalogue.cancelMailSubject": "Se canceló {course}",
  "admin.catalogue.cancelMailBody":
    "Hola, {name}:\n\n{district} canceló {course} ({program}). Se canceló su inscripción o su lugar en la lista de espera. Si pagó por este curso, la oficina del distrito se comunicará con usted sobre el reembolso.\n\n{district}",
  "office.bounceMail.subject": "{district}: el banco devolvió su cheque enviado por correo",
  "office.bounceMail.body":
    "Hola, {name}:\n\nEl banco devolvió su cheque {number} por {amount} para {course} ({reason}). Ese monto vuelve a estar pendiente: envíe un cheque nuevo por correo o pague en línea.\n\n{district}",
  "office.refundMail.subject": "Su reembolso de {district}",
  "office.refundMail.intro":
    "{district} le reembolsó {amount} de su pago {confirmation} el {date}.",
  "office.refundMail.introCart":
    "{district} le reembolsó {amount} de su pago del carrito número {cartId} el {date}.",
  "office.refundMail.reason": "Motivo: {reason}",
  "office.refundMail.card":
    "El dinero se devuelve a la tarjeta con la que pagó; puede tardar de 5 a 10 días en aparecer.",
  "office.refundMail.cash": "Se le devolvió en efectivo.",
  "office.refundMail.check": "Se le devolvió con un cheque.",
};
