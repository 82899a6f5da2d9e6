import { ConfigurationError } from "./configuration-error.ts";

/** Where in a declaration file a value is: its line and column (from 1) and its field. */
export interface DeclarationPlace {
  file: string;
  line: number;
  column: number;
  /** The field as a path: `schedules[0].cron`; empty for the file as a whole. */
  field: string;
}

/**
 * A declaration file (`stashkit.qstash.yaml`) is refused: its YAML, a value, a placeholder, a
 * missing secret, a name two environments would share. Raised before anything is sent; the
 * message reads "stashkit.qstash.yaml:12:5: schedules[0].cron: …".
 */
export class DeclarationError extends ConfigurationError {
  override name = "DeclarationError";
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly field: string;

  constructor(place: DeclarationPlace, message: string) {
    const field = place.field === "" ? "" : `${place.field}: `;
    super(place.field || place.file, `${place.file}:${place.line}:${place.column}: ${field}${message}`);
    this.file = place.file;
    this.line = place.line;
    this.column = place.column;
    this.field = place.field;
  }
}
