import { ApiError } from '../tools/api-error';
import { MAX_JSON_DEPTH, tooDeepInText } from '../tools/json-depth';

/**
 * Parses a JSON body (or a multipart `@jsonPayload`) whose values may each nest `MAX_JSON_DEPTH`
 * levels, checked on the text before parsing; a deeper one is a 400 naming the top-level key.
 */
export function parseJsonBody(text: string): unknown {
  const tooDeep = tooDeepInText(text, MAX_JSON_DEPTH + 1);
  if (tooDeep) {
    const problem = {
      code: 'validation_json_depth_limit',
      message: `Must not nest more than ${MAX_JSON_DEPTH} levels deep.`,
      params: { max: MAX_JSON_DEPTH },
    };
    throw new ApiError(
      400,
      'The submitted JSON nests too deeply.',
      tooDeep.key ? { [tooDeep.key]: problem } : {},
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'Failed to read the submitted data.');
  }
}
