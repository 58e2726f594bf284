import type { Config } from '../../config/index.ts';
import { createBuiltinModel } from './knowledge/index.ts';
import type { AdvisorModel } from './model.ts';
import { createOpenAiModel } from './openai-model.ts';

/** The advisor configuration picks (ADVISOR_PROVIDER): the built-in offline advisor, or an OpenAI-compatible endpoint. */
export function createAdvisorModel(config: Config['advisor'], deps: { fetch?: typeof fetch } = {}): AdvisorModel {
  const model = config.model;
  switch (model.provider) {
    case 'builtin':
      return createBuiltinModel();
    case 'openai':
      return createOpenAiModel({ baseUrl: model.baseUrl, model: model.model, apiKey: model.apiKey }, deps);
  }
}
