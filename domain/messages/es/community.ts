// Spanish texts of community member registration, profile and guardians (decision 170; spec 01
// §2, §5, §8). Same keys and arguments as ../en/community.ts.
import type { Translation } from "../translate";
import type { community as en } from "../en/community";

export const community: Translation<typeof en> = {
  "community.title": "Crear cuenta de miembro de la comunidad",
  "community.intro":
    "Cree una cuenta para inscribirse en los programas del distrito y pagar cuotas. Le enviaremos su número de miembro de la comunidad por correo electrónico.",
  "community.twoContacts": "Todos los participantes deben tener dos contactos registrados.",
  "community.section.participant": "Participante",
  "community.section.address": "Dirección y contacto",
  "community.section.signature": "Firma del padre, madre o tutor",
  "community.section.guardians": "Tutores / contactos",

  "community.nameFirst": "Nombre",
  "community.nameLast": "Apellidos",
  "community.dob": "Fecha de nacimiento (MM/DD/AAAA)",
  "community.grade": "Grado",
  "community.gradePlaceholder": "Seleccione un grado",
  "community.gender": "Sexo",
  "community.genderPlaceholder": "Seleccione el sexo",
  "community.gender.M": "Masculino",
  "community.gender.F": "Femenino",
  "community.address": "Dirección",
  "community.city": "Ciudad",
  "community.state": "Estado",
  "community.statePlaceholder": "Seleccione un estado",
  "community.zip": "Código postal",
  "community.homePhone": "Teléfono de casa",
  "community.email": "Correo electrónico",
  "community.printedSignature": "Nombre del padre, madre o tutor (en letra de molde)",
  "community.signaturePad": "Firma",
  "community.signaturePadHelp": "Firme en el recuadro con el mouse, el dedo o un lápiz digital.",
  "community.signatureClear": "Borrar firma",
  "community.signatureAlternatives": "O proporcione su firma de otra manera",
  "community.signatureFile": "Subir una imagen de su firma (PNG)",
  "community.signatureTyped": "Escriba su firma",
  "community.signatureTypedHelp": "El nombre que escriba se convierte en una imagen de firma.",
  "community.signatureOnFile": "Firma registrada",
  "community.signatureReceived": "Firma recibida",
  "community.signatureReplace": "Para reemplazar la firma registrada, proporcione una nueva abajo.",
  "community.submit": "Crear cuenta",
  "community.back": "Regresar",

  "guardian.legend": "Tutor / contacto {n}",
  "guardian.nameFirst": "Nombre del tutor",
  "guardian.nameLast": "Apellidos del tutor",
  "guardian.relationship": "Parentesco",
  "guardian.relationshipPlaceholder": "Seleccione un parentesco",
  "guardian.relationship.Mother": "Madre",
  "guardian.relationship.Father": "Padre",
  "guardian.relationship.Other": "Otro",
  "guardian.relationshipOther": "Otro parentesco",
  "guardian.phone1": "Teléfono 1",
  "guardian.phone1Type": "Tipo de teléfono 1",
  "guardian.phone2": "Teléfono 2",
  "guardian.phone2Type": "Tipo de teléfono 2",
  "guardian.phoneTypePlaceholder": "Seleccione un tipo de teléfono",
  "guardian.phoneType.Home": "Casa",
  "guardian.phoneType.Work": "Trabajo",
  "guardian.phoneType.Mobile": "Celular",
  "guardian.email": "Correo electrónico del tutor",
  "guardian.add": "Agregar tutor / contacto",
  "guardian.remove": "Quitar tutor / contacto {n}",

  // Rules and messages of spec 01 §5 (the English keeps the spec's words; no final period where
  // the English has none).
  "community.validationSummary": "Corrija los errores indicados arriba.",
  "community.validationTooltip": "Corrija los errores indicados arriba",
  "community.nameFirstRequired": "El nombre es obligatorio",
  "community.nameLastRequired": "Los apellidos son obligatorios",
  "community.nameNoMarkup": "Los nombres no pueden contener < ni >.",
  "community.textTooLong": "Este texto es demasiado largo.",
  "community.gradeRequired": "Seleccione un grado",
  "community.genderRequired": "Seleccione el sexo",
  "community.dobFormat": "debe tener el formato MM/DD/AAAA",
  "community.emailInvalid": "El correo electrónico no es válido.",
  "community.addressRequired": "La dirección es obligatoria",
  "community.cityRequired": "La ciudad es obligatoria",
  "community.stateInvalid": "Estado no válido.",
  "community.zipInvalid": "Código postal no válido.",
  "community.phoneInvalid": "Debe ser un número de teléfono completo de EE. UU.",
  "community.printedSignatureRequired": "El nombre del padre, madre o tutor es obligatorio",
  "community.signatureRequired": "La firma es obligatoria",
  "community.signatureInvalid": "La firma debe ser una imagen PNG de 200 KB como máximo.",
  "guardian.atLeastTwo": "Debe indicar al menos dos tutores.",
  "guardian.tooMany": "Puede indicar como máximo 10 tutores o contactos.",
  "guardian.relationshipRequired": "Seleccione un parentesco",
  "guardian.phoneTypeRequired": "Debe seleccionar un tipo de teléfono",
  "guardian.phone2TypeRequired": "Si escribe un Teléfono 2, debe indicar el Tipo de teléfono 2.",
  "guardian.relationshipOtherRequired": "Si el parentesco es Otro, debe completar Otro parentesco.",

  // Spec 01 §8: the 409 message and its standalone variant. No "forgot password" link (decision
  // 159): {recover} is the link to ID recovery, {login} the one to the sign-in page.
  "community.exists":
    "Ya existe una cuenta de miembro de la comunidad. Use sus datos de acceso de miembro de la comunidad, o use el enlace {recover} para recuperar esa información.",
  "community.existsStandalone":
    "Ya existe una cuenta de miembro de la comunidad. Por favor, {login} o use el enlace {recover}.",
  "community.existsLogin": "regrese a la página de inicio de sesión",
  "community.tooManyAttempts": "Demasiados intentos. Inténtelo de nuevo más tarde.",
  "community.failed": "Hubo un error al crear su cuenta. Inténtelo de nuevo.",
  "community.backToLogin": "Regresar a la página de inicio de sesión",
  "community.forgotMemberId": "Olvidé mi número de miembro de la comunidad",

  "community.successTitle": "Cuenta creada",
  "community.success":
    "Su cuenta fue creada. Le enviamos su número de miembro de la comunidad por correo electrónico. Úselo con su fecha de nacimiento para iniciar sesión.",
  "community.successLogin": "Iniciar sesión",
  "community.mailSubject": "Su número de miembro de la comunidad",
  // No typed text in mail a public action sends (decision 137): no names in the greeting.
  "community.mailBody":
    "Hola:\n\nSe creó su cuenta de miembro de la comunidad. Su número de miembro de la comunidad es {id}.\n\nInicie sesión con este número y su fecha de nacimiento.\n\n{district}",
  // Someone registered again with this member's names and birth date (decision 137); the member
  // on file is told, with the spec's 409 words.
  "community.existsMailSubject": "Su cuenta de miembro de la comunidad",
  "community.existsMailBody":
    'Hola:\n\nAlguien intentó crear una cuenta de miembro de la comunidad con el nombre y la fecha de nacimiento de su cuenta. Ya existe una cuenta de miembro de la comunidad. Use sus datos de acceso de miembro de la comunidad, o use el enlace "Olvidé mi número de miembro de la comunidad" en la página de inicio de sesión para recuperar esa información.\n\nSu número de miembro de la comunidad es {id}. No se creó ninguna cuenta nueva. Si no fue usted, no necesita hacer nada.\n\n{district}',

  "profile.title": "Mi perfil",
  "profile.submit": "Guardar perfil",
  "profile.saved": "Se guardó su perfil.",
  "profile.failed": "No se pudo guardar su perfil. Inténtelo de nuevo.",
  "profile.exists":
    "Ya hay otro miembro de la comunidad con este nombre y fecha de nacimiento. Revise su nombre y su fecha de nacimiento.",
  "community.profileLoadError": "Hubo un error al cargar su perfil.",
};
