"""The order rule on three constructions documentation prose uses to tell steps (found on rounds 3-11's falsehoods):
two places after one frame ("reads a value from X first, then from Y"), "first X, and Y then/afterwards" with a
subject of its own in the second clause, and a step that is a line of a code block, whose words a comment beside it
shares. The sections are the development sites' own (Starlette's configuration and test isolation, HTTPX's proxies);
each faithful order is shown, the same steps swapped are held."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

TEST_ISOLATION = "\n".join((  # Starlette's docs, database.md: the section as the record holds it
    "There are a few things that we want to ensure when running tests against a service that uses a database. Our requirements should be:",
    "- Use a separate database for testing.",
    "- Create a new test database every time we run the tests.",
    "- Ensure that the database state is isolated between each test case.",
    "Here's how we need to structure our application and tests in order to meet those requirements:",
    "from starlette.applications import Starlette",
    "from starlette.config import Config",
    "import databases",
    "",
    "config = Config(\".env\")",
    "",
    "TESTING = config('TESTING', cast=bool, default=False)",
    "DATABASE_URL = config('DATABASE_URL', cast=databases.DatabaseURL)",
    "TEST_DATABASE_URL = DATABASE_URL.replace(database='test_' + DATABASE_URL.database)",
    "",
    "# Use 'force_rollback' during testing, to ensure we do not persist database changes",
    "# between each test case.",
    "if TESTING:",
    "    database = databases.Database(TEST_DATABASE_URL, force_rollback=True)",
    "else:",
    "    database = databases.Database(DATABASE_URL)",
    "We still need to set TESTING during a test run, and setup the test database. Assuming we're using py.test, here's how our conftest.py might look:",
    "import pytest",
    "from starlette.config import environ",
    "from starlette.testclient import TestClient",
    "from sqlalchemy import create_engine",
    "from sqlalchemy_utils import database_exists, create_database, drop_database",
    "",
    "# This sets `os.environ`, but provides some additional protection.",
    "# If we placed it below the application import, it would raise an error",
    "# informing us that 'TESTING' had already been read from the environment.",
    "environ['TESTING'] = 'True'",
    "",
    "import app",
    "",
    "",
    "@pytest.fixture(scope=\"session\", autouse=True)",
    "def create_test_database():",
    "  \"\"\"",
    "  Create a clean database on every test case.",
    "  For safety, we should abort if a database already exists.",
    "",
    "  We use the `sqlalchemy_utils` package here for a few helpers in consistently",
    "  creating and dropping the database.",
    "  \"\"\"",
    "  url = str(app.TEST_DATABASE_URL)",
    "  engine = create_engine(url)",
    "  assert not database_exists(url), 'Test database already exists. Aborting tests.'",
    "  create_database(url)             # Create the test database.",
    "  metadata.create_all(engine)      # Create the tables.",
    "  yield                            # Run the tests.",
    "  drop_database(url)               # Drop the test database.",
    "",
    "",
    "@pytest.fixture()",
    "def client():",
    "    \"\"\"",
    "    When using the 'client' fixture in test cases, we'll get full database",
    "    rollbacks between test cases:",
    "",
    "    def test_homepage(client):",
    "        url = app.url_path_for('homepage')",
    "        response = client.get(url)",
    "        assert response.status_code == 200",
    "    \"\"\"",
    "    with TestClient(app) as client:",
    "        yield client",
))

RECORD = record_of(
    _section("configuration-precedence", "Configuration precedence", "The order in which configuration values are "
             "read is:\n- From an environment variable.\n- From the .env file.\n- The default value given in config."
             "\nIf none of those match, then config(...) will raise an error."),
    _section("test-isolation", "Test isolation", TEST_ISOLATION),
    _section("forward-vs-tunnel", "FORWARD vs TUNNEL", "In general, the flow for making an HTTP request through a "
             "proxy is as follows:\n1. The client connects to the proxy (initial connection request).\n2. The proxy "
             "transfers data to the server on your behalf.\nHow exactly step 2/ is performed depends on which of two "
             "proxying mechanisms is used:\n- Forwarding: the proxy makes the request for you, and sends back the "
             "response it obtained from the server.\n- Tunnelling: the proxy establishes a TCP connection to the "
             "server on your behalf, and the client reuses this connection to send the request and receive the "
             "response. This is known as an HTTP Tunnel. This mechanism is how you can access websites that use "
             "HTTPS from an HTTP proxy (the client \"upgrades\" the connection to HTTPS by performing the TLS "
             "handshake with the server over the TCP connection provided by the proxy)."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "Reads a value" is both sides' frame: the places after "from" are what is ordered.
        ("Starlette reads a configuration value from an environment variable first, then from the .env file "
         "[[configuration-precedence]].", "shown"),
        ("Starlette reads a configuration value from the .env file first, then from an environment variable, and "
         "finally from the default given in config [[configuration-precedence]].", "order"),
        ("Configuration values are looked up in the `.env` file first, then in environment variables, and only then "
         "does `config(...)` fall back to the default you give it [[configuration-precedence]].", "order"),
        # A line of code is a step: the comment above it, whose words are rarer, does not draw the side away.
        ("In the documentation's conftest.py, environ['TESTING'] is set to 'True' first and the app is imported "
         "afterwards [[test-isolation]].", "shown"),
        ("In the documentation's conftest.py, the app is imported first and environ['TESTING'] is set to 'True' "
         "afterwards [[test-isolation]].", "order"),
        # "First X, and SUBJECT then Y": the cut is at the "and", the second clause's subject is its own.
        ("With tunnelling, the proxy first establishes the TCP connection to the server, and the client then performs "
         "the TLS handshake over it [[forward-vs-tunnel]].", "shown"),
        ("With tunnelling, the client first performs the TLS handshake with the server, and the proxy then opens the "
         "TCP connection over that secured channel [[forward-vs-tunnel]].", "order"),
    ],
)
def test_order_of_docs_steps(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
