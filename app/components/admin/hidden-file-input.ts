/**
 * What a drop zone's file input is given besides its accept list. react-dropzone hides the input with a style attribute
 * of its own, which the CSP refuses in the page the server sends (docs/decisions/0032-no-inline-styles.md), so the
 * input would show as a plain file picker: the same rules as classes instead (`style: undefined` replaces the library's).
 */
export const HIDDEN_FILE_INPUT = { style: undefined, className: "m-0 block h-0 w-0 overflow-hidden border-0 p-0 opacity-0" } as const;
