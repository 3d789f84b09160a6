/** An error list (forms spec §8): one message as a paragraph, several as one entry each. */
export function Messages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 1) return <p>{messages[0]}</p>;
  return (
    <ul>
      {messages.map((message, i) => (
        <li key={i}>{message}</li>
      ))}
    </ul>
  );
}
