// The filter functions PocketBase knows (protocol §3.9) and the shape of their arguments.
// Checking arity and argument kinds here means a bad call is reported with a position at
// parse time, and the SQL builder can trust every FunctionOperand it receives.
import type { FunctionOperand, Operand } from './ast';
import { FilterSyntaxError } from './errors';

type ArgKind = Operand['kind'];

interface FunctionSpec {
  minArgs: number;
  maxArgs: number;
  /** Allowed operand kinds for the argument at `index` (0-based). */
  kindsAt(index: number): readonly ArgKind[];
  describeKinds(index: number): string;
}

// `null`, `true` and `false` are identifiers to the PocketBase scanner; wherever an
// identifier is accepted, so are they (the resolver decides what they mean).
const IDENTIFIER_LIKE: readonly ArgKind[] = ['identifier', 'null', 'bool'];

const FUNCTIONS: ReadonlyMap<string, FunctionSpec> = new Map<string, FunctionSpec>([
  [
    'geoDistance',
    {
      minArgs: 4,
      maxArgs: 4,
      kindsAt: () => [...IDENTIFIER_LIKE, 'number'],
      describeKinds: () => 'an identifier or a number',
    },
  ],
  [
    'strftime',
    {
      minArgs: 1,
      maxArgs: 10,
      kindsAt: (index) => (index === 1 ? [...IDENTIFIER_LIKE, 'text', 'number'] : ['text']),
      describeKinds: (index) => (index === 1 ? 'text, an identifier or a number' : 'text'),
    },
  ],
]);

export const FUNCTION_NAMES: readonly string[] = [...FUNCTIONS.keys()];

export function isKnownFunction(name: string): boolean {
  return FUNCTIONS.has(name);
}

/** Throws when `call` does not match its function's signature; `position` is the call's. */
export function checkFunctionCall(call: FunctionOperand, position: number): void {
  const spec = FUNCTIONS.get(call.name);
  if (spec === undefined) {
    throw new FilterSyntaxError(unknownFunctionMessage(call.name), position);
  }
  const count = call.args.length;
  if (count < spec.minArgs || count > spec.maxArgs) {
    const expected =
      spec.minArgs === spec.maxArgs ? `${spec.minArgs}` : `between ${spec.minArgs} and ${spec.maxArgs}`;
    throw new FilterSyntaxError(`${call.name}() expects ${expected} arguments, got ${count}`, position);
  }
  call.args.forEach((arg, index) => {
    if (!spec.kindsAt(index).includes(arg.kind)) {
      throw new FilterSyntaxError(
        `${call.name}() argument ${index + 1} must be ${spec.describeKinds(index)}`,
        position,
      );
    }
  });
}

export function unknownFunctionMessage(name: string): string {
  return `unknown function ${JSON.stringify(name)} (available: ${FUNCTION_NAMES.join(', ')})`;
}
