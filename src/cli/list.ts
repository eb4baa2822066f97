import { OBSERVATIONS, type Requirement, REQUIREMENTS } from '../spec/catalogue';
import { QUALITY_MEASURES } from '../quality/measures';

interface CatalogueEntry {
  id: string;
  /** MUST, SHOULD, OBSERVED for what the suite records where the specification is silent, or SCORECARD for a survey's data-quality rate. */
  level: string;
  section: string;
  title: string;
  /** A graded requirement's near misses, which warn (SHOULD) where its contradictions fail (MUST). */
  nearMiss?: string;
}

function catalogueEntries(): CatalogueEntry[] {
  return [
    ...REQUIREMENTS.map((r: Requirement) => ({
      id: r.id,
      level: r.level,
      section: r.spec,
      title: r.title,
      ...(r.nearMiss ? { nearMiss: r.nearMiss } : {}),
    })),
    ...OBSERVATIONS.map((o) => ({ id: o.id, level: 'OBSERVED', section: o.spec, title: o.title })),
    // The survey's scorecard: rates the specification says nothing of (§2.3, §2.4 describe values, never their truth).
    ...QUALITY_MEASURES.map((m) => ({
      id: m.id,
      level: 'SCORECARD',
      section: 'survey',
      title: `${m.title}, over ${m.over} (cannot know ${m.cannotKnow})`,
    })),
  ];
}

/** `directory-conformance list`: the catalogue, as aligned text or (--json) as JSON. */
export function listCatalogue(json: boolean): string {
  const entries = catalogueEntries();
  if (json) return `${JSON.stringify(entries, null, 2)}\n`;
  const width = (pick: (e: CatalogueEntry) => string) => Math.max(...entries.map((e) => pick(e).length));
  const [id, level, section] = [width((e) => e.id), width((e) => e.level), width((e) => e.section)];
  const line = (e: CatalogueEntry) =>
    `${e.id.padEnd(id)}  ${e.level.padEnd(level)}  ${e.section.padEnd(section)}  ${e.title}${e.nearMiss ? `; near misses, SHOULD: ${e.nearMiss}` : ''}`;
  return `${entries.map(line).join('\n')}\n`;
}
