/** A labelled quantity input (1 to 99) whose value the page keeps in state for its live price. */
export function QuantityField({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (n: number) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="quantity"
        type="number"
        min={1}
        max={99}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(Number(e.currentTarget.value) || 1)}
      />
    </div>
  );
}
