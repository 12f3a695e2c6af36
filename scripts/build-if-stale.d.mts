export interface Target {
  name: string;
  inputs: string[];
  output: string;
  command: string[];
  skip?: RegExp;
}
export const TARGETS: Target[];
export function inputsDigest(root: string, target: Target): string;
export function isStale(root: string, target: Target): boolean;
export function buildIfStale(root: string, target: Target, log?: (line: string) => void): boolean;
