import { axeSource, runAxe, type AxeViolation } from '../browser/axe';
import type { EnginePage } from './engine';

/** axe-core's violations in the page, in any engine. */
export async function axeViolations(page: EnginePage): Promise<AxeViolation[]> {
  await page.addScript(axeSource);
  return page.evaluate(runAxe);
}
