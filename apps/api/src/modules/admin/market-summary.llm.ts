import { marketNarrativeSchema, type MarketFacts, type MarketNarrative } from '@aduro/shared/admin';

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  /** Per attempt (DOMAIN.md: within a time limit); 10 s unless a test asks for less. */
  timeoutMs?: number;
}

const SYSTEM_PROMPT =
  'You write the market summary for the operators of Aduro, a marketplace where pharmacies in Ghana buy ' +
  'medicines from suppliers. Use only the facts you are given; never invent a figure. Amounts are Ghana ' +
  'cedis, written GH₵. Answer with one JSON object and nothing else: {"summary": string (2-3 sentences), ' +
  '"keyTrends": string[] (2-5 items), "recommendedActions": string[] (1-5 concrete actions for operators)}.';

/** The model's text as JSON: some models wrap it in a ```json fence despite being asked not to. */
function parseContent(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  return JSON.parse((fenced ? fenced[1]! : content).trim());
}

async function attempt(facts: MarketFacts, llm: LlmSettings): Promise<MarketNarrative> {
  const res = await fetch(`${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: llm.model,
      temperature: 0.2,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: `Facts (last ${facts.windowDays} days against the ${facts.windowDays} before):\n${JSON.stringify(facts)}`,
        },
      ],
    }),
    signal: AbortSignal.timeout(llm.timeoutMs ?? 10_000),
  });
  if (!res.ok) throw new Error(`the model answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the model sent no message');
  return marketNarrativeSchema.parse(parseContent(content));
}

/**
 * Summary, trends and actions written by an OpenAI-compatible chat endpoint from the facts, checked
 * against the schema; one retry, then the caller falls back to the rules.
 */
export async function llmSummary(facts: MarketFacts, llm: LlmSettings): Promise<MarketNarrative> {
  try {
    return await attempt(facts, llm);
  } catch {
    return attempt(facts, llm);
  }
}
