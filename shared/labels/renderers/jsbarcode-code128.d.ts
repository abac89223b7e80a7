/**
 * The Code 128 encoder of JsBarcode, imported by its own path: the package's
 * entry point brings the browser renderers, and its typings describe only that.
 */
declare module 'jsbarcode/bin/barcodes/CODE128' {
  /** Code 128 with automatic code sets (A, B, C) and the check character. */
  export class CODE128 {
    constructor(data: string, options: object);
    valid(): boolean;
    /** `data`: one character per module, `1` bar and `0` space, start to stop. */
    encode(): { text: string; data: string };
  }
}
