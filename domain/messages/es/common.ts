// Spanish site-wide texts: shell, navigation, sign-in, sessions, maintenance, errors (decision
// 170). Same keys and arguments as ../en/common.ts.
import type { Translation } from "../translate";
import type { common as en } from "../en/common";

export const common: Translation<typeof en> = {
  "app.title": "Programas y cuotas del distrito",
  "settings.default.districtName": "Distrito Escolar",
  "settings.default.checkPayableTo": "Distrito Escolar",
  "settings.default.checkMailingAddress":
    "Especialista de inscripciones, Distrito Escolar, 100 Main Street, Springfield",
  "app.loading": "Cargando...",
  "app.skipToContent": "Saltar al contenido principal",
  "app.demoBanner":
    "Demostración: las personas y los programas son de ejemplo, y los pagos son simulados. No se cobra dinero real.",
  "app.simulatedPaymentsBanner": "Los pagos son simulados: no se cobra dinero real.",
  "app.environmentLabel": "Acerca de este sitio",
  "notFound.title": "No se encontró el archivo",
  "notFound.body": "No se pudo encontrar el archivo que solicitó.",
  "notFound.home": "Ir a la página de inicio",
  // Every page's title (WCAG 2.4.2): its own name, then the site's; a refused post's starts "Error:".
  "app.pageTitle": "{page} – {app}",
  "app.errorTitle": "Error: {title}",
  "error.generic": "Ocurrió un error.",
  // Field messages, shown after a field's name: lower case.
  "input.controlCharacters": "no debe contener caracteres de control.",
  "input.date": "debe ser una fecha real entre 1900-01-01 y 2099-12-31.",

  // Navigation (the family's and staff's main menu items are in capitals, as in English).
  "nav.createCommunityAccount": "Crear cuenta de miembro de la comunidad",
  "nav.instructorLogin": "Inicio de sesión de instructores / docentes",
  "nav.fees": "CUOTAS",
  "nav.register": "INSCRIBIRSE",
  "nav.myRegistrations": "MIS INSCRIPCIONES",
  "nav.instructions": "INSTRUCCIONES",
  "nav.myProfile": "Mi perfil",
  "nav.feeRequests": "SOLICITUDES DE CUOTAS",
  "nav.myActivities": "Mis actividades",
  "nav.administration": "ADMINISTRACIÓN",
  "nav.businessOffice": "OFICINA DE FINANZAS",
  "nav.signOut": "Cerrar sesión",
  "nav.cart": "Carrito",
  "nav.cartItems":
    "{count, plural, one {# artículo en el carrito} many {# artículos en el carrito} other {# artículos en el carrito}}",
  "nav.menu": "Menú",
  // La elección del idioma (decisión 170): cada idioma se nombra, y su aviso se dice, en ese
  // idioma; los mismos textos en cada catálogo.
  "language.switchTo.en": "English",
  "language.switchTo.es": "Español",
  "language.label": "Idioma",
  "nav.mainNavigation": "Navegación principal",

  // The home page's questions.
  "questionnaire.step1.title": "¡Le damos la bienvenida! ¿Quién es usted?",
  "questionnaire.step1.student": "Estudiante actual o padre/madre de familia",
  "questionnaire.step1.community": "Miembro de la comunidad",
  "questionnaire.step1.staff": "Miembro actual del personal",
  "questionnaire.step1.guest": "Invitado",
  "questionnaire.step1.skip": "Ir directamente a iniciar sesión",
  "questionnaire.step2.title": "¿Qué desea hacer?",
  "questionnaire.back": "Regresar",
  "questionnaire.faculty.activities": "Ver mis actividades",
  "questionnaire.faculty.feeRequest": "Enviar una solicitud de cuota",
  "questionnaire.faculty.payFees": "Pagar cuotas",
  "questionnaire.community.payFees": "Pagar cuotas",
  "questionnaire.community.programs": "Inscribirse en programas",
  "questionnaire.student.payFees": "Pagar cuotas o comprar artículos",
  "questionnaire.student.programs": "Inscribirse en programas",

  // Student and community member sign-in.
  "signin.title": "Inicio de sesión de estudiantes / miembros de la comunidad",
  "signin.studentId": "Número de estudiante o de miembro de la comunidad",
  "signin.dob": "Fecha de nacimiento (MM/DD/AAAA)",
  "signin.dobPlaceholder": "MM/DD/AAAA",
  "signin.login": "Iniciar sesión",
  "signin.back": "Regresar",
  "signin.forgotStudent": "Olvidé mi número de estudiante",
  "signin.forgotMember": "Olvidé mi número de miembro de la comunidad",
  "signin.createMember": "Crear una cuenta de miembro de la comunidad",
  "signin.failed": "El número de estudiante o la fecha de nacimiento no son válidos.",
  "signin.dobFormat": "debe tener el formato MM/DD/AAAA",
  "signin.studentIdRequired": "El número de estudiante o de miembro de la comunidad es obligatorio",

  // Recovering a forgotten ID. The titles are also the {kind} of the mails.
  "recover.titleStudent": "Número de estudiante",
  "recover.titleMember": "Número de miembro de la comunidad",
  "recover.email": "Correo electrónico",
  "recover.cancel": "Cancelar",
  "recover.submit": "Recuperar",
  "recover.emailInvalid": "Escriba un correo electrónico válido.",
  "recover.noticeStudent":
    "Si lo encontramos, enviaremos un correo electrónico a la dirección registrada para su número de estudiante.",
  "recover.noticeMember":
    "Si lo encontramos, enviaremos un correo electrónico a la dirección registrada para su número de miembro de la comunidad.",

  // Staff sign-in.
  "staffSignin.title": "Inicio de sesión de instructores / docentes",
  "staffSignin.username": "Nombre de usuario",
  "staffSignin.password": "Contraseña",
  "staffSignin.login": "Iniciar sesión",

  // Guest sign-in.
  "guest.title": "Inicio de sesión como invitado",
  "guest.nameFirst": "Nombre",
  "guest.nameLast": "Apellido",
  "guest.email": "Correo electrónico",
  "guest.submit": "Continuar",
  "guest.emailInvalid": "El correo electrónico debe ser válido.",
  "guest.nameFirstRequired": "El nombre es obligatorio",
  "guest.nameLastRequired": "El apellido es obligatorio",

  "dialog.close": "Cerrar",
  "instructions.title": "Instrucciones",
  "instructions.close": "Cerrar",

  "notice.close": "Cerrar aviso",
  "notice.signedOut": "Se cerró su sesión.",

  // Validation messages of every form where the schema gives none of its own (decision 107).
  // The error summary at the top of a page whose post was refused (GOV.UK's pattern).
  "form.errorSummary": "Hay un problema",
  // A field the page gave no label for: the summary still leads to it.
  "form.errorSummaryUnnamed": "Un campo de este formulario",
  "form.required": "Este campo es obligatorio.",
  "form.invalid": "Este valor no es válido.",
  "form.invalidChoice": "Elija una de las opciones.",
  "form.tooLong":
    "Este campo debe tener como máximo {max, plural, one {# carácter} many {# caracteres} other {# caracteres}}.",
  "form.tooShort":
    "Este campo debe tener al menos {min, plural, one {# carácter} many {# caracteres} other {# caracteres}}.",
  "form.tooBig": "Este valor es demasiado grande.",
  "form.tooSmall": "Este valor es demasiado pequeño.",
  "form.emailInvalid": "El correo electrónico debe ser válido.",
  "guest.nameFirstTooLong": "El nombre debe tener como máximo 60 caracteres.",
  "guest.nameLastTooLong": "El apellido debe tener como máximo 60 caracteres.",
  "guest.emailTooLong": "El correo electrónico debe tener como máximo 254 caracteres.",
  "instructions.loadError": "Ocurrió un error al cargar las instrucciones.",
};
