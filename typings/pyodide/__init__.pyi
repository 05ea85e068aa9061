# Types for Pyodide's modules as the page uses them (JavaScript objects are Any).
