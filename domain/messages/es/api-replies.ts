// Spanish texts only the district API and the web app's server write (decision 170). Same keys
// and arguments as ../en/api-replies.ts (in no page's area, decision 097's budget).
import type { Translation } from "../translate";
import type { apiReplies as en } from "../en/api-replies";

export const apiReplies: Translation<typeof en> = {
  "error.jsonTooDeep":
    "El cuerpo de la solicitud tiene demasiados niveles anidados: el máximo es {max}.",
  "error.jsonTooWide":
    "El cuerpo de la solicitud tiene demasiados elementos en una lista: el máximo es {max}.",
  "error.fieldNotInForm": "El formulario no tiene ningún campo llamado {name}.",
  // A member's names were typed by whoever registered: the mail carries none (decision 137).
  "recover.mailBodyMember": "Hola:\n\nSu {kind} es {id}.\n\n{district}",
  "payment.error.returnBase": "returnBase debe ser la dirección de este mismo sitio.",
  "payment.description.more": "y {count} más",
  "payment.error.asyncFailed":
    "El pago no se completó porque el banco lo rechazó. No se le cobró nada y puede usar su carrito de nuevo.",
  "paymentDialog.mailShareFull":
    "Los cheques por correo solo pueden reservar el {share}% de los lugares de {course}, y esos lugares ya están ocupados. Pague en línea para conservar su lugar o anótese en la lista de espera.",
  // Decision 142: from one client address, community members' and guests' unpaid promises hold one seat.
  "paymentDialog.mailOnePerAddress":
    "Ya hay un lugar reservado con un cheque por correo que aún no recibimos, para una cuenta conectada desde su misma red. Solo se permite uno a la vez. Pague en línea con tarjeta para conservar su lugar.",
  // Follows the time-conflict message (register.timeConflict): the registered course it clashes with.
  "register.timeConflictWith": "Coincide con {course}.",
  "paymentDialog.mailNotOffered":
    "{course} no acepta cheques por correo. Pague en línea para conservar su lugar o anótese en la lista de espera.",
  // The fees page's data could not be read (decision 150): the page answers 503 with this.
  "fees.error.load": "Hubo un error al cargar las cuotas.",
  // Del área fees: solo los escriben la API del distrito o el servidor de la aplicación.
  "cart.error.fetch": "Hubo un error al obtener el carrito.",
  "cart.error.delete": "Hubo un error al eliminar el artículo del carrito.",
  "cart.error.empty": "Hubo un error al vaciar el carrito.",
  "cart.error.add": "Hubo un error al agregar al carrito.",
  "cart.error.notOpen": "Este carrito ya no se puede modificar.",
  "cart.error.registrationNotFound":
    "No se encontró ninguna inscripción pendiente de pago para este curso.",
  "checkout.error.amountChanged": "El carrito cambió. Revíselo y vuelva a pagar.",
  "payment.error.cartOrCourse":
    "Para procesar el pago se necesita el número del carrito o el de la sección del curso.",
  "payment.error.unknown": "Ocurrió un error desconocido.",
  "payment.error.method": "Hubo un error al obtener su método de pago.",
  "payment.error.inProgress": "Este pago ya se está procesando.",
  "payment.error.notEligible": "Esta opción de pago no está disponible para esta inscripción.",
  "payment.error.noSeat":
    "El lugar que le reservamos se liberó antes de que llegara su pago, y el curso está lleno. Su pago fue reembolsado.",
  "payment.methodUpdated": "Método de pago actualizado.",
  "payment.declined": "Su tarjeta fue rechazada.",
  "payment.invalidCard": "El número de su tarjeta es incorrecto.",
  "payment.expiry.incomplete": "La fecha de vencimiento de su tarjeta está incompleta.",
  "payment.expiry.month": "El mes de vencimiento de su tarjeta no es válido.",
  "payment.expiry.past": "La fecha de vencimiento de su tarjeta ya pasó.",
  // A cart is paid once (decision 101).
  "payment.error.setupMismatch":
    "Este formulario de tarjeta se abrió para otro pago. Vuelva a cargar la página y pague de nuevo.",
  "payment.refunded.cart_paid":
    "Este carrito ya estaba pagado, así que este pago no era necesario. Le reembolsamos el pago.",
  "payment.refunded.cart_changed":
    "Su carrito cambió después de que se inició este pago. Le reembolsamos el pago; revise su carrito y vuelva a pagar.",
  "payment.refunded.cart_expired":
    "Se acabó el tiempo de su carrito antes de que llegara este pago. Le reembolsamos el pago.",
  "payment.refunded.registration_paid":
    "Esta inscripción ya estaba pagada, así que este pago no era necesario. Le reembolsamos el pago.",
  "payment.loadError": "Hubo un error al cargar el pago.",
  // Del área common: solo los escriben la API del distrito o el servidor de la aplicación.
  "app.districtName": "Distrito Escolar",
  // Followed by the date and time the site is back.
  "maintenance.body":
    "El sitio no está disponible en este momento por mantenimiento. Está previsto que vuelva a estar en línea el",
  "error.invalidResponse": "El servidor envió una respuesta no válida. Inténtelo de nuevo.",
  "error.tooManyAttempts":
    "Demasiados intentos de inicio de sesión. Espere un rato e inténtelo de nuevo.",
  // A public action over its limit (decision 137); {time} is the district's time it opens again.
  "limit.tryAgainAt": "Demasiados intentos. Inténtelo de nuevo el {time}.",
  "error.sameOrigin": "Esta solicitud no provino de este sitio.",
  "error.badRequest": "La solicitud no es válida.",
  "error.unauthorized": "Su sesión terminó. Vuelva a iniciar sesión.",
  "error.forbidden": "No tiene permiso para hacer eso.",
  "error.notFound": "No se encontró.",
  "error.payloadTooLarge": "La solicitud es demasiado grande.",
  "error.malformedJson": "El cuerpo de la solicitud no es JSON válido.",
  "language.changedTo.en": "This page is now in English.",
  "language.changedTo.es": "Esta página ahora está en español.",
  "nav.home": "Inicio",
  "guest.comingSoon": "Próximamente",
  "recover.mailSubjectStudent": "Su número de estudiante",
  "recover.mailSubjectMember": "Su número de miembro de la comunidad",
  "recover.mailBody": "Hola {name}:\n\nEste es el dato que solicitó. {kind}: {id}\n\n{district}",
  "staffSignin.failed": "El nombre de usuario o la contraseña no son válidos.",
  "guest.failed": "Ocurrió un error al iniciar su sesión.",
  // Mails when sign-in is paused after wrong attempts; {kind} is recover.title*.
  "signinLock.mailSubject": "Inicio de sesión en pausa después de intentos incorrectos",
  "signinLock.participantMailBody":
    "Hola {name}:\n\nAlguien intentó varias veces iniciar sesión con su número ({kind}: {id}) y una fecha de nacimiento incorrecta, por eso el inicio de sesión con este número está en pausa hasta el {until}. Cada nuevo intento incorrecto alarga la pausa; cuando termine, iniciar sesión con la fecha de nacimiento correcta pone fin a las pausas.\n\nSi fue usted, espere hasta entonces. Si no fue usted, avise a la oficina del distrito.\n\n{district}",
  "signinLock.staffMailBody":
    "Hola {name}:\n\nAlguien intentó varias veces iniciar sesión como {username} con una contraseña incorrecta, por eso el inicio de sesión con este nombre de usuario está en pausa hasta el {until}. Cada nuevo intento incorrecto alarga la pausa; cuando termine, iniciar sesión con la contraseña correcta pone fin a las pausas.\n\nSi fue usted, espere hasta entonces. Si no fue usted, avise a la oficina del distrito.\n\n{district}",
  "error.lengthRequired": "La solicitud debe indicar su tamaño (Content-Length).",
  "error.formTooLarge":
    "El formulario enviado es demasiado grande. Una imagen de firma puede ocupar como máximo 200 KB: regrese, elija un archivo más pequeño y vuelva a enviar el formulario.",
};
