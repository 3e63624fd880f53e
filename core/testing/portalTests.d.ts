/** Types of portalTests.js (plain JavaScript: jest.config.js reads it with Node). */
export interface PortalTest {
  file: string;
  weight: number;
}
export function portalTests(rootDir: string): PortalTest[];
export function portalTestGroup(rootDir: string, index: number, count: number): string[];
