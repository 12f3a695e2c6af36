import type { DraftingConfig } from '../../config.js';
import { builtinCutout } from './builtin-cutout.js';
import type { CutoutProvider } from './cutout.js';
import { type DraftProvider, noDraftProvider } from './draft-provider.js';
import { httpCutout } from './http-cutout.js';
import { openAiProvider } from './openai-provider.js';

/** The model's answer is a small JSON object; anything near this size is not one. */
const MAX_MODEL_ANSWER_BYTES = 256 * 1024;
/** A cut-out server answers one image, at most about the size of an uploaded one, as PNG. */
const MAX_CUTOUT_ANSWER_BYTES = 200 * 1024 * 1024;

export function draftProviderFrom(config: DraftingConfig): DraftProvider {
  if (config.provider === 'none') return noDraftProvider;
  return openAiProvider({
    // config.ts requires both when the provider is openai.
    apiBase: config.apiBase!,
    apiKey: config.apiKey,
    model: config.model!,
    timeoutMs: config.timeoutMs,
    maxAnswerBytes: MAX_MODEL_ANSWER_BYTES,
  });
}

export function cutoutProviderFrom(config: DraftingConfig): CutoutProvider {
  if (config.cutoutProvider === 'builtin') return builtinCutout;
  return httpCutout({
    url: config.cutoutUrl!,
    timeoutMs: config.timeoutMs,
    maxAnswerBytes: MAX_CUTOUT_ANSWER_BYTES,
  });
}
