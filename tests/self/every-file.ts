/** Every file under a folder, read as text (latin1: any byte is a character): what a secret scan searches. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function everyFile(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? everyFile(path) : [readFileSync(path, 'latin1')];
  });
}
