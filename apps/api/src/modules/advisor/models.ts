// placeholder: replaced by the adv-knowledge / adv-openai branch
import type { Config } from '../../config/index.ts';
import { createBuiltinModel } from './knowledge/index.ts';
import type { AdvisorModel } from './model.ts';

export function createAdvisorModel(_config: Config['advisor'], _deps?: { fetch?: typeof fetch }): AdvisorModel {
  return createBuiltinModel();
}
