// The package's "main" is a browser global script and its "module" a CommonJS build; its ES module
// source is shipped too, and is what the app imports (one build for Vite and the tests alike).
declare module "@fnando/sparkline/src/sparkline.js" {
  export { default, sparkline } from "@fnando/sparkline";
}
