import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * firebase.json checked against firebase-tools' own schema (schema/firebase-config.json), with
 * the Ajv that firebase-tools itself validates with. `firebase deploy` only logs a mismatch at
 * debug level and goes on, so a misspelt or mistyped field would be deployed as if absent.
 */

interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
interface Validate {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}
interface AjvInstance {
  compile(schema: object): Validate;
}

const FIREBASE_TOOLS = createRequire(import.meta.url).resolve('firebase-tools/package.json');
const fromFirebaseTools = createRequire(FIREBASE_TOOLS);
const SCHEMA_FILE = join(dirname(FIREBASE_TOOLS), 'schema/firebase-config.json');
/** As shown to the operator, relative to the repository. */
export const SCHEMA_LABEL = 'node_modules/firebase-tools/schema/firebase-config.json';

let validate: Validate | undefined;

function validator(): Validate {
  if (validate) return validate;
  const { Ajv } = fromFirebaseTools('ajv') as { Ajv: new (options: object) => AjvInstance };
  const addFormats = (fromFirebaseTools('ajv-formats') as { default: (ajv: AjvInstance) => void }).default;
  // As firebase-tools sets it up (lib/firebaseConfigValidate.js), plus every error instead of the first.
  const ajv = new Ajv({ allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  return validate;
}

function describe(error: SchemaError): string {
  const where = error.instancePath || '(the top level)';
  if (error.keyword === 'additionalProperties')
    return `${where} has a property firebase-tools does not know: "${String(error.params.additionalProperty)}"`;
  if (error.keyword === 'required') return `${where} is missing "${String(error.params.missingProperty)}"`;
  return `${where} ${error.message ?? 'is invalid'}`;
}

/**
 * What Ajv reports for a value that fits none of a field's alternatives (`hosting` is one site
 * or an array of sites) is every alternative's complaint. The one that matters is the deepest:
 * the alternative whose type matched and got further. At one path, a wrong type is only the
 * complaint of an alternative the value was never meant for when another complaint is there.
 */
function relevant(errors: readonly SchemaError[]): SchemaError[] {
  const alternatives = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
  const specific = alternatives.length > 0 ? alternatives : errors;
  const kept = specific.filter(
    (e) => e.keyword !== 'type' || !specific.some((o) => o.instancePath === e.instancePath && o.keyword !== 'type'),
  );
  const depth = (e: SchemaError) => e.instancePath.split('/').length;
  const deepest = Math.max(...kept.map(depth));
  return kept.filter((e) => depth(e) === deepest);
}

/** One sentence per way `config` breaks the schema (`label` names the file); empty when it conforms. */
export function firebaseSchemaProblems(config: unknown, label: string): string[] {
  const check = validator();
  if (check(config)) return [];
  const messages = [...new Set(relevant(check.errors ?? []).map(describe))];
  return messages.map((message) => `${label} does not match firebase-tools' schema (${SCHEMA_LABEL}): ${message}.`);
}
