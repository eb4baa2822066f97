/**
 * A set of whole numbers below 2^53 (an NPI's 10 digits, a taxonomy code read in base 36), in one
 * Float64Array with open addressing, at most half full: 16 to 32 bytes per distinct value (more
 * while it doubles, the old array not yet collected), where a Set of boxed numbers takes about 40
 * and one of strings more. What a survey keeps of a file of ten million rows: to tell a repeated
 * NPI, or to hold a deactivation list.
 */
export class NumberSet {
  private slots = new Float64Array(1 << 16);
  private count = 0;
  /** 0 marks an empty slot; the value 0 is kept aside. */
  private hasZero = false;

  /** How many distinct values it holds. */
  get size(): number {
    return this.count + (this.hasZero ? 1 : 0);
  }

  /** Whether it holds the value. */
  has(value: number): boolean {
    if (value === 0) return this.hasZero;
    const mask = this.slots.length - 1;
    for (let i = this.slotOf(value, mask); ; i = (i + 1) & mask) {
      if (this.slots[i] === value) return true;
      if (this.slots[i] === 0) return false;
    }
  }

  /** Adds the value; false when it was there already. */
  add(npi: number): boolean {
    if (npi === 0) return this.hasZero ? false : (this.hasZero = true);
    if (2 * (this.count + 1) > this.slots.length) this.grow();
    return this.place(this.slots, npi);
  }

  private place(slots: Float64Array, npi: number): boolean {
    const mask = slots.length - 1;
    for (let i = this.slotOf(npi, mask); ; i = (i + 1) & mask) {
      if (slots[i] === npi) return false;
      if (slots[i] === 0) {
        slots[i] = npi;
        this.count++;
        return true;
      }
    }
  }

  /** Where a value's search begins: its low and high halves mixed, since NPIs share their first digits, not their last. */
  private slotOf(value: number, mask: number): number {
    return (Math.imul(value % 0x7fffffff, 0x9e3779b1) ^ Math.floor(value / 0x7fffffff)) & mask;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    this.count = 0;
    for (const npi of old) if (npi !== 0) this.place(this.slots, npi);
  }
}
