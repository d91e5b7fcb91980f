// A read position over the token list, plus the wording used to name tokens in errors.
import type { Token } from './tokenizer';

export class TokenCursor {
  private index = 0;
  private readonly tokens: readonly Token[];
  private readonly end: Token;

  constructor(tokens: readonly Token[]) {
    this.tokens = tokens;
    // tokenize() always ends the list with eof; the fallback only guards hand-built lists.
    this.end = tokens[tokens.length - 1] ?? { kind: 'eof', position: 0 };
  }

  peek(): Token {
    return this.tokens[this.index] ?? this.end;
  }

  next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length) this.index++;
    return token;
  }
}

export function describeToken(token: Token): string {
  switch (token.kind) {
    case 'identifier':
      return `identifier ${JSON.stringify(token.raw)}`;
    case 'function':
      return `function call ${JSON.stringify(token.name + '(')}`;
    case 'text':
      return 'text literal';
    case 'number':
      return `number ${token.raw}`;
    case 'operator':
      return `operator "${token.op}"`;
    case 'and':
      return '"&&"';
    case 'or':
      return '"||"';
    case 'lparen':
      return '"("';
    case 'rparen':
      return '")"';
    case 'comma':
      return '","';
    case 'eof':
      return 'end of input';
  }
}
