// Spanish texts of a household in one sign-in (decision 170): the "Add another child" page, the
// notices of adding and switching, and the strip on every family page. Same keys and arguments
// as ../en/household.ts. A child is "estudiante" (neutral); a sign-in is "sesión".
import type { Translation } from "../translate";
import type { household as en } from "../en/household";

export const household: Translation<typeof en> = {
  "household.label": "Estudiantes en esta sesión",
  "household.showing": "Información de {name}",
  "household.switchTo": "Cambiar a {name}",
  "household.add": "Agregar otro estudiante",
  "household.addTitle": "Agregar otro estudiante",
  "household.addIntro":
    "Escriba el número de identificación y la fecha de nacimiento del siguiente estudiante, los mismos que usa para iniciar sesión. Después podrá cambiar de un estudiante a otro en la parte de arriba de cada página. Al cerrar sesión, la sesión termina para todos.",
  "household.addIntroRegister":
    'Escriba el número de identificación y la fecha de nacimiento del siguiente estudiante. Luego, en la página del carrito, el botón "Pagar aquí por todos los estudiantes" pasa su carrito a este, para pagar todo de una vez.',
  "household.addSubmit": "Agregar estudiante",
  "household.added": "{name} se agregó a esta sesión.",
  "household.already": "{name} ya está en esta sesión.",
  "household.full":
    "No se pueden agregar más estudiantes a esta sesión (máximo {max}, o menos si los nombres son largos). Para otro estudiante, cierre sesión y vuelva a iniciar sesión.",
  "household.switched": "Ahora se muestra la información de {name}.",
  "household.gone":
    "Ese estudiante ya no está en esta sesión. Agréguelo de nuevo con su número de identificación y su fecha de nacimiento.",
  "household.cartWaitingOne": "{name} tiene 1 artículo esperando en su propio carrito.",
  "household.cartWaitingMany":
    "{name} tiene {count, plural, one {# artículo} many {# artículos} other {# artículos}} esperando en su propio carrito.",
  // Children remembered for a community member's account ("guardar" in Spanish).
  "household.links.notAccount":
    "Solo se pueden guardar estudiantes al iniciar sesión con su propia cuenta de miembro de la comunidad.",
  "household.links.self": "Una cuenta no puede guardarse a sí misma como estudiante.",
  "household.links.full":
    "Su cuenta puede guardar como máximo {max, plural, one {# estudiante} many {# estudiantes} other {# estudiantes}}.",
  "household.links.notFound": "Ese estudiante no está guardado en su cuenta.",
  "household.addedRemembered":
    "{name} se agregó a esta sesión y se guardó en su cuenta: {name} aparecerá cada vez que usted inicie sesión.",
  "household.rememberedTitle": "Guardados en su cuenta",
  "household.rememberedIntro":
    "Estos estudiantes aparecen cada vez que usted inicia sesión. Quite a un estudiante para que deje de aparecer; seguirá en esta sesión hasta que usted cierre sesión.",
  "household.rememberedNone": "Todavía no hay estudiantes guardados en su cuenta.",
  "household.forget": "Quitar a {name}",
  "household.forgotten": "{name} no aparecerá la próxima vez que usted inicie sesión.",
  "household.forChild": "{name} (para {child})",
  "household.gather": "Pagar aquí por todos los estudiantes",
  "household.nothingWaiting": "No había nada pendiente en los carritos de los demás estudiantes.",
  "household.gathered":
    "Todo lo que estaba en los carritos de sus estudiantes ahora está en este: un solo pago cubre todo.",
  "household.cart.notLinked":
    "No se pudo confirmar a un estudiante de esta sesión. Agréguelo de nuevo con su número de identificación y su fecha de nacimiento.",
  "household.cart.beingPaid":
    "En este momento se está pagando el carrito de otro estudiante. Inténtelo de nuevo cuando termine ese pago.",
  // At a cashier's register the pushed child stays on screen; the others are named (decision 167).
  "household.showingAtRegister": "Información de {name}, con {others} también en esta sesión",
};
