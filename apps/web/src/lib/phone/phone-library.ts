// What the app uses of libphonenumber-js, and nothing else: phone-number.ts imports this module
// dynamically, and a dynamic import keeps the whole namespace it names. Imported through here,
// the build drops the rest of the package (AsYouType, findNumbers, ...): the download went from
// 43 to 29 KB gzipped, with the same "min" metadata, so numbers are judged as before. The mobile
// examples (1.6 KB gzipped) give each country's placeholder.
export { getExampleNumber, parsePhoneNumberFromString } from "libphonenumber-js/min";
export { default as mobileExamples } from "libphonenumber-js/mobile/examples";
