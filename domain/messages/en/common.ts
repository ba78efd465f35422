// Site-wide texts: shell, navigation, sign-in, sessions, maintenance, errors (spec 01 §2, §8).
export const common = {
  "app.title": "District Programs and Fees",
  "settings.default.districtName": "School District",
  "settings.default.checkPayableTo": "School District",
  "settings.default.checkMailingAddress":
    "Enrollment Specialist, School District, 100 Main Street, Springfield",
  "app.loading": "Loading ...",
  "app.skipToContent": "Skip to main content",
  "app.demoBanner":
    "Demo: sample people and programs, and payments are simulated. No real money is taken.",
  "app.simulatedPaymentsBanner": "Payments are simulated: no real money is taken.",
  "app.environmentLabel": "About this site",
  "notFound.title": "File not found",
  "notFound.body": "The requested file could not be found.",
  "notFound.home": "Go to the home page",
  // Every page's title (WCAG 2.4.2): its own name, then the site's; a refused post's starts "Error:".
  "app.pageTitle": "{page} – {app}",
  "app.errorTitle": "Error: {title}",
  "error.generic": "There was an error.",
  "input.controlCharacters": "must not contain control characters.",
  "input.date": "must be a real date between 1900-01-01 and 2099-12-31.",

  "nav.createCommunityAccount": "Create Community Member Account",
  "nav.instructorLogin": "Instructor / Faculty Login",
  "nav.fees": "FEES",
  "nav.register": "REGISTER",
  "nav.myRegistrations": "MY REGISTRATIONS",
  "nav.instructions": "INSTRUCTIONS",
  "nav.myProfile": "My Profile",
  "nav.feeRequests": "FEE REQUESTS",
  "nav.myActivities": "My Activities",
  "nav.administration": "ADMINISTRATION",
  "nav.businessOffice": "BUSINESS OFFICE",
  "nav.signOut": "Sign Out",
  "nav.cart": "Cart",
  "nav.cartItems": "{count, plural, one {# item in cart} other {# items in cart}}",
  "nav.menu": "Menu",
  // The language choice (decision 170). Each language is named, and its notice said, in that
  // language: the same texts in every catalogue.
  "language.switchTo.en": "English",
  "language.switchTo.es": "Español",
  "language.label": "Language",
  "nav.mainNavigation": "Main navigation",

  "questionnaire.step1.title": "Welcome! Who are you?",
  "questionnaire.step1.student": "Current student or parent",
  "questionnaire.step1.community": "Community member",
  "questionnaire.step1.staff": "Current staff member",
  "questionnaire.step1.guest": "Guest",
  "questionnaire.step1.skip": "Skip to login",
  "questionnaire.step2.title": "What would you like to do?",
  "questionnaire.back": "Back",
  "questionnaire.faculty.activities": "View my activities",
  "questionnaire.faculty.feeRequest": "Submit a fee request",
  "questionnaire.faculty.payFees": "Pay fees",
  "questionnaire.community.payFees": "Pay fees",
  "questionnaire.community.programs": "Register for programs",
  "questionnaire.student.payFees": "Pay fees or purchase items",
  "questionnaire.student.programs": "Register for programs",

  "signin.title": "Student / Community Member Login",
  "signin.studentId": "Student or Community Member ID Number",
  "signin.dob": "Birth Date (MM/DD/YYYY)",
  // The birth date's placeholder: its form, in the page's language.
  "signin.dobPlaceholder": "MM/DD/YYYY",
  "signin.login": "Login",
  "signin.back": "Back",
  "signin.forgotStudent": "Forgot Student ID Number",
  "signin.forgotMember": "Forgot Community Member ID Number",
  "signin.createMember": "Create a community member account",
  "signin.failed": "Invalid Student ID or Birth Date.",
  "signin.dobFormat": "must be formatted MM/DD/YYYY",
  "signin.studentIdRequired": "Student or Community Member ID Number is required",

  "recover.titleStudent": "Student ID",
  "recover.titleMember": "Community Member ID",
  "recover.email": "Email",
  "recover.cancel": "Cancel",
  "recover.submit": "Recover",
  "recover.emailInvalid": "Please enter a valid email address.",
  "recover.noticeStudent":
    "If located, an email will be sent to the address on file with your Student ID.",
  "recover.noticeMember":
    "If located, an email will be sent to the address on file with your Community Member ID.",

  "staffSignin.title": "Instructor / Faculty Login",
  "staffSignin.username": "Username",
  "staffSignin.password": "Password",
  "staffSignin.login": "Login",

  "guest.title": "Guest Login",
  "guest.nameFirst": "First Name",
  "guest.nameLast": "Last Name",
  "guest.email": "Email",
  "guest.submit": "Continue",
  "guest.emailInvalid": "Email must be valid.",
  "guest.nameFirstRequired": "First Name is required",
  "guest.nameLastRequired": "Last Name is required",

  "dialog.close": "Close",
  "instructions.title": "Instructions",
  "instructions.close": "Close",

  "notice.close": "Close notice",
  "notice.signedOut": "You have been signed out.",

  // Validation messages of every form where the schema gives none of its own (decision 107).
  // The error summary at the top of a page whose post was refused (GOV.UK's pattern).
  "form.errorSummary": "There is a problem",
  // A field the page gave no label for: the summary still leads to it.
  "form.errorSummaryUnnamed": "A field of this form",
  "form.required": "This field is required.",
  "form.invalid": "This value is not valid.",
  "form.invalidChoice": "Please choose one of the options.",
  "form.tooLong":
    "This field must be at most {max, plural, one {# character} other {# characters}}.",
  "form.tooShort":
    "This field must be at least {min, plural, one {# character} other {# characters}}.",
  "form.tooBig": "This value is too large.",
  "form.tooSmall": "This value is too small.",
  "form.emailInvalid": "Email must be valid.",
  "guest.nameFirstTooLong": "First Name must be at most 60 characters.",
  "guest.nameLastTooLong": "Last Name must be at most 60 characters.",
  "guest.emailTooLong": "Email must be at most 254 characters.",
  "instructions.loadError": "There was an error loading the instructions.",
} as const;
