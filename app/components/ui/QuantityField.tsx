import { useState } from "react";

/**
 * A labelled quantity input (1 to 99) whose value the page keeps in state for its live price. What is typed stays as
 * typed while the field is edited (it may be empty between deleting a digit and typing the next); each whole number
 * from 1 to 99 goes to the page at once, and leaving the field shows the page's value again.
 */
export function QuantityField({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (n: number) => void }) {
  const [text, setText] = useState(String(value));
  // The page's value as last shown: one set by the page (a reset) replaces the text.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="quantity"
        type="number"
        min={1}
        max={99}
        required
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          const typed = e.currentTarget.value;
          setText(typed);
          const n = Number(typed);
          if (typed !== "" && Number.isInteger(n) && n >= 1 && n <= 99) {
            setShown(n);
            onChange(n);
          }
        }}
        onBlur={() => setText(String(value))}
      />
    </div>
  );
}
