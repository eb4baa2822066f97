/**
 * A set of NPIs as numbers (10 digits fit a double exactly), in one Float64Array with open
 * addressing, at most half full: 16 to 32 bytes per distinct NPI (more while it doubles, the old
 * array not yet collected), where a Set of boxed numbers takes about 40. What a survey keeps of a
 * file of ten million rows, to tell a repeated NPI.
 */
export class NpiSet {
  private slots = new Float64Array(1 << 16);
  private count = 0;
  /** 0 marks an empty slot; the NPI 0000000000 is kept aside. */
  private hasZero = false;

  /** Adds the NPI; false when it was there already. */
  add(npi: number): boolean {
    if (npi === 0) return this.hasZero ? false : (this.hasZero = true);
    if (2 * (this.count + 1) > this.slots.length) this.grow();
    return this.place(this.slots, npi);
  }

  private place(slots: Float64Array, npi: number): boolean {
    const mask = slots.length - 1;
    // The low and high halves mixed: NPIs share their first digits, not their last.
    for (let i = (Math.imul(npi % 0x7fffffff, 0x9e3779b1) ^ Math.floor(npi / 0x7fffffff)) & mask; ; i = (i + 1) & mask) {
      if (slots[i] === npi) return false;
      if (slots[i] === 0) {
        slots[i] = npi;
        this.count++;
        return true;
      }
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    this.count = 0;
    for (const npi of old) if (npi !== 0) this.place(this.slots, npi);
  }
}
