/**
 * Whether a question asks for personalised investment advice (whether, what or how much the asker should invest),
 * which the advisor never gives: the service answers ADVISOR_TEXTS.disclaimer instead of asking a model. Questions
 * about an offer's facts or the marketplace's figures ('what is the minimum investment?', 'which offers have an IRR
 * above 15%?') are not advice, even when they use the same words.
 */

const ACT =
  '(?:invest|buy|put|allocate|commit|choose|pick|go with|go for|get into|get in|join|back|sell|exit|hold|diversify|consider|take|subscribe|move|double down|bet)';

const PERSONAL: RegExp[] = [
  // 'Should I invest in Harbor Point?', 'should we buy', 'which offer should I pick?', 'should my IRA …'
  new RegExp(`\\bshould (?:i|we|my \\w+)\\b(?:\\s+(?:still|really|just|now|also|even))?\\s+${ACT}`),
  /\b(?:which|what) (?:one|offer|offers|deal|deals|investment|investments|option|class)\b.*\bshould (?:i|we)\b/,
  /\bwhat should (?:i|we) (?:do|buy|invest|pick|choose|get)\b/,
  // 'Is Harbor Point a good investment for me?', 'is this a good deal?', 'is it worth it?'
  /\b(?:is|are|would) (?:it|this|that|these|those|[\w'’ -]{1,60}?) (?:a |an )?(?:good|great|bad|safe|smart|wise|sound|right|suitable|solid|risky) (?:investment|deal|bet|buy|choice|idea|fit|option|opportunity|move)\b/,
  /\b(?:is|are) (?:it|this|that|this offer|this deal|[\w'’ -]{1,60}?) worth (?:it|investing|buying|the (?:risk|money))\b/,
  /\bworth (?:my|our) (?:money|while|time)\b/,
  // 'How much should I put in?', 'how much do I invest', 'how much of my savings'
  /\bhow much (?:money |cash |capital )?(?:should|would|could|do|can|must) (?:i|we) (?:put|invest|allocate|commit|spend|risk|place)\b/,
  /\bhow much (?:should|would you) (?:i|we)\b/,
  /\bhow much of my\b/,
  // 'Recommend me an offer', 'what do you recommend?', 'which would you recommend', 'your recommendation'
  /\brecommend (?:me|to me|for me|something|an? (?:offer|deal|investment))\b/,
  /\b(?:what|which)(?: \w+)? (?:do|would|can|could) you (?:recommend|suggest|advise|pick|choose|buy|invest in)\b/,
  /\byour (?:recommendation|advice|pick|suggestion)s?\b/,
  /\b(?:would|do|will) you (?:invest|buy|put money)\b/,
  /\bif you were me\b|\bin my (?:shoes|position|situation)\b/,
  /\bwhat would you do\b/,
  // 'best offer for me', 'good for my retirement', 'fit my risk tolerance', 'can I afford'
  /\b(?:best|right|good|suitable|ideal|safest|better) (?:offer|deal|investment|option|choice|fit|one|class)s? for (?:me|us|my|our)\b/,
  /\bfor (?:me|us)\b.*\b(?:good|best|right|suitable|safe|wise|worth)\b|\b(?:good|best|right|suitable|safe|wise) for (?:me|us)\b/,
  /\b(?:my|our) (?:portfolio|retirement|savings|401\(?k\)?|ira|nest egg|risk tolerance|risk profile|goals?|situation|age|income|net worth|kids'? college|pension)\b.*\b(?:invest|buy|put|allocate|fit|suit|good|best|should|which)\b/,
  /\b(?:invest|buy|put|allocate)\b.*\b(?:my|our) (?:portfolio|retirement|savings|401\(?k\)?|ira|nest egg|pension|money|inheritance|bonus)\b/,
  /\bcan (?:i|we) afford\b/,
  /\bwill (?:i|we) (?:make|lose) money\b/,
  /\badvi[sc]e me\b|\bgive me (?:investment |financial )?advice\b|\bfinancial advice\b|\binvestment advice\b/,
];

/** Phrases that look like the above but ask about facts: the offer's minimum, what a term means. */
const FACTUAL: RegExp[] = [/\bwhat (?:is|are) (?:the |a |an )?(?:minimum|maximum) investment/, /\bwhat does .* mean\b/];

export function isPersonalAdviceRequest(question: string): boolean {
  const text = question.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  if (!text) return false;
  const personal = PERSONAL.some((p) => p.test(text));
  if (!personal) return false;
  // A factual phrase only clears a question that has no explicit ask for advice elsewhere ('should I', 'for me').
  if (FACTUAL.some((p) => p.test(text)) && !/\bshould (?:i|we)\b|\bfor (?:me|us)\b|\brecommend\b/.test(text)) return false;
  return true;
}
