export default function Home() {
  return <h1>Storefront</h1>;
}
