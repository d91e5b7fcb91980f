// Builds the Expr tree from tokens (protocol §3.2):
//   expr     := operand OP operand | '(' exprList ')'
//   exprList := expr (('&&' | '||') expr)*
// with && binding tighter than ||.
//
// Parentheses are handled with an explicit stack instead of recursion, so thousands of nested
// groups cannot overflow the call stack. Since a single-item group collapses to its item,
// every and/or node has at least two children and the AST depth never exceeds the number of
// comparisons (capped by maxExpressions), which keeps recursive consumers safe too.
import type { ComparisonExpr, Expr } from './ast';
import { describeToken, TokenCursor } from './cursor';
import { FilterSyntaxError } from './errors';
import { exceedsLength, resolveLimits, type FilterLimits } from './limits';
import { INCOMPLETE, isOperandStart, parseOperand } from './operands';
import { tokenize, type Token } from './tokenizer';

/** One open group: the || alternatives finished so far and the && run being collected. */
interface Group {
  alternatives: Expr[];
  conjuncts: Expr[];
  /** Offset of the `(` (0 for the implicit top-level group). */
  position: number;
}

export function parseFilter(input: string, limits?: Partial<FilterLimits>): Expr {
  const resolved = resolveLimits(limits);
  if (exceedsLength(input, resolved.maxLength)) {
    throw new FilterSyntaxError(
      `filter expression is too long (max ${resolved.maxLength} characters)`,
      resolved.maxLength,
    );
  }
  const tokens = tokenize(input);
  const first = tokens[0];
  if (first === undefined || first.kind === 'eof') {
    throw new FilterSyntaxError('empty filter expression', 0);
  }
  return new FilterParser(tokens, resolved).parse();
}

class FilterParser {
  private readonly cursor: TokenCursor;
  private readonly limits: FilterLimits;
  private readonly stack: Group[] = [{ alternatives: [], conjuncts: [], position: 0 }];
  private comparisons = 0;
  /** The && / || just consumed, if the parser is waiting for the expression after it. */
  private pendingJoin: Token | null = null;

  constructor(tokens: Token[], limits: FilterLimits) {
    this.cursor = new TokenCursor(tokens);
    this.limits = limits;
  }

  parse(): Expr {
    for (;;) {
      this.readTerm();
      const done = this.readJoinOrClose();
      if (done !== null) return done;
    }
  }

  /** Opens any number of groups, then reads exactly one comparison. */
  private readTerm(): void {
    for (;;) {
      const token = this.cursor.peek();
      if (token.kind === 'lparen') {
        this.cursor.next();
        this.stack.push({ alternatives: [], conjuncts: [], position: token.position });
        this.pendingJoin = null;
        continue;
      }
      if (isOperandStart(token)) {
        this.current().conjuncts.push(this.readComparison());
        this.pendingJoin = null;
        return;
      }
      throw this.unexpectedInTerm(token);
    }
  }

  private readComparison(): ComparisonExpr {
    const start = this.cursor.peek().position;
    if (++this.comparisons > this.limits.maxExpressions) {
      throw new FilterSyntaxError(
        `too many expressions in the filter (max ${this.limits.maxExpressions})`,
        start,
      );
    }
    const left = parseOperand(this.cursor, this.limits.maxFunctionDepth);
    const opToken = this.cursor.next();
    if (opToken.kind === 'eof') {
      throw new FilterSyntaxError(INCOMPLETE, opToken.position);
    }
    if (opToken.kind !== 'operator') {
      throw new FilterSyntaxError(
        `expected a comparison operator after the left operand but found ${describeToken(opToken)}`,
        opToken.position,
      );
    }
    const right = parseOperand(this.cursor, this.limits.maxFunctionDepth);
    return { kind: 'comparison', left, op: opToken.op, right };
  }

  /** After a comparison or a closed group. Returns the final tree once input ends. */
  private readJoinOrClose(): Expr | null {
    for (;;) {
      const token = this.cursor.next();
      switch (token.kind) {
        case 'and':
          this.pendingJoin = token;
          return null;
        case 'or': {
          const group = this.current();
          group.alternatives.push(collapse('and', group.conjuncts));
          group.conjuncts = [];
          this.pendingJoin = token;
          return null;
        }
        case 'rparen': {
          if (this.stack.length === 1) {
            throw new FilterSyntaxError('unbalanced parentheses: unexpected ")"', token.position);
          }
          const closed = finishGroup(this.stack.pop() as Group);
          this.current().conjuncts.push(closed);
          continue; // a closed group is followed by a join, another ")" or the end
        }
        case 'eof': {
          if (this.stack.length > 1) {
            const open = this.current();
            const missing = this.stack.length - 1;
            throw new FilterSyntaxError(
              `unbalanced parentheses: missing ${missing} closing ")"`,
              open.position,
            );
          }
          return finishGroup(this.current());
        }
        default:
          throw new FilterSyntaxError(
            `expected "&&", "||" or ")" but found ${describeToken(token)}`,
            token.position,
          );
      }
    }
  }

  private unexpectedInTerm(token: Token): FilterSyntaxError {
    if (this.pendingJoin !== null) {
      const join = this.pendingJoin.kind === 'and' ? '&&' : '||';
      if (token.kind === 'eof' || token.kind === 'rparen') {
        return new FilterSyntaxError(`${INCOMPLETE}: nothing follows "${join}"`, this.pendingJoin.position);
      }
    } else if (token.kind === 'rparen' && this.stack.length > 1) {
      return new FilterSyntaxError('empty parentheses group', this.current().position);
    } else if (token.kind === 'eof') {
      const open = this.stack.length - 1;
      return new FilterSyntaxError(
        `unbalanced parentheses: missing ${open} closing ")"`,
        this.current().position,
      );
    }
    return new FilterSyntaxError(`expected an expression but found ${describeToken(token)}`, token.position);
  }

  private current(): Group {
    return this.stack[this.stack.length - 1] as Group;
  }
}

function finishGroup(group: Group): Expr {
  group.alternatives.push(collapse('and', group.conjuncts));
  return collapse('or', group.alternatives);
}

function collapse(kind: 'and' | 'or', items: Expr[]): Expr {
  const [only] = items;
  if (items.length === 1 && only !== undefined) return only;
  return { kind, items };
}
