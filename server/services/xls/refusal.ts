// Why a legacy binary XLS workbook cannot be read. The reader throws nothing
// else on any input: every read is bounds-checked and every walk (sector
// chains, the directory tree, records) is bounded by the file itself; the
// import turns the reason into its 422 on `file`.

export type XlsReason =
  /** Not a compound file holding a BIFF8 workbook, or one whose structure is broken. */
  | 'malformed'
  /** The workbook stream declares more bytes than an upload may hold. */
  | 'too large'
  /** An Excel 5.0/95 (BIFF5) or older workbook. */
  | 'old format'
  /** A workbook encrypted with a password (FILEPASS). */
  | 'encrypted';

export class XlsRefusal extends Error {
  constructor(readonly reason: XlsReason) {
    super(`XLS workbook refused: ${reason}`);
  }
}

export const malformed = (): never => {
  throw new XlsRefusal('malformed');
};
