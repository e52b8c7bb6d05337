"""The supervisor's PDF reports come from the classroom server (issue 19): a supervisor
window whose server URL is a supervisor's builds its dashboard and drill-down from the
server (``ServerReviewSource``), and the class and trainee PDFs are written from them. The
trainees here exist only on the server (the supervisor's own station store has none), so
names and figures in the PDFs can only have come from there."""

from __future__ import annotations

import pytest

psycopg = pytest.importorskip("psycopg")

from tests.review.test_dashboard_and_exports import pdf_text  # noqa: E402
from tests.server import stations  # noqa: E402
from trainer import config  # noqa: E402
from trainer.review import report  # noqa: E402
from trainer.review.accounts import create_supervisor  # noqa: E402
from trainer.server import accounts, station  # noqa: E402
from trainer.server.checker import check_pending  # noqa: E402
from trainer.server.connection import connect  # noqa: E402
from trainer.store import Store  # noqa: E402

pytestmark = pytest.mark.postgres
# name, PIN, answers, and answer i right unless i % 3 == 0 (Dora) or i % 4 == 0 (Eli)
TRAINEES = (("Dora Ruiz", "2468", 12, 3), ("Eli Moss", "1357", 16, 4))


@pytest.fixture
def server_only(server_db, tmp_path):
    """Two trainees who practised at a station (its store elsewhere) and whose answers the
    server checked; the supervisor's login URL."""
    with connect(server_db.url) as admin:
        ids = [accounts.add_trainee(admin, name, pin) for name, pin, _n, _k in TRAINEES]
        accounts.add_class(admin, "Night", ids)
    url = server_db.login("lab_r")
    with Store.open(tmp_path / "elsewhere" / "station.sqlite3") as store:
        with connect(url) as conn:
            for (name, pin, n, k), server_id in zip(TRAINEES, ids):
                station.sign_in(conn, name, pin)
                local = store.add_trainee(name).id
                stations.practise(store, local, 70 + k, n, right=lambda i, k=k: i % k != 0, response_ms=2000)
        stations.send(store.path, url)
    supervisor = server_db.login("head_r", supervisor=True)
    with connect(supervisor) as sup:
        assert check_pending(sup).accepted == 12 + 16
    return supervisor, ids


def test_the_pdf_reports_of_a_supervisor_window_on_a_server_name_its_trainees(server_only, qtbot, tmp_path) -> None:
    url, ids = server_only
    own_path = tmp_path / "supervisor.sqlite3"
    with Store.open(own_path) as own:  # the supervisor's own station: no trainee at all
        create_supervisor(own, "Ms Okafor", "a strong password", "a strong password")
        assert own.trainees() == []
    config.activate(config.load(server_url=url))
    from trainer.ui.main_window import MainWindow

    window = MainWindow(own_path)
    qtbot.addWidget(window)
    try:
        qtbot.waitUntil(lambda: window.server.supervisor is not None, timeout=30_000)
        assert window.server.serves_review
        flow = window.review
        flow.sign_in("Ms Okafor", "a strong password")
        qtbot.waitUntil(lambda: flow.dashboard is not None, timeout=30_000)
        flow.choose_save = lambda _title, name, _filter: str(tmp_path / name)

        flow.export_class_pdf()
        qtbot.waitUntil(lambda: "Saved" in flow.dashboard_screen.status.text(), timeout=60_000)
        [class_pdf] = tmp_path.glob("class-report-*.pdf")
        pages, text = pdf_text(class_pdf)
        words = " ".join(text.split())  # the PDF's text, one space between words
        assert pages == 1
        # the class: 28 answers, 20 right (71%); Dora: 12 answers, 8 right (67%); Eli: 16, 12 right (75%)
        assert "ACTIVE 2 / 2 ANSWERS 28 ACCURACY 71% MEAN TIME 2.0 s" in words
        assert "Dora Ruiz 12 67% 2.0 s" in words and "Eli Moss 16 75% 2.0 s" in words
        html = report.class_report_html(flow.dashboard)  # the PDF's page, as the report lays it out
        assert "Dora Ruiz" in html and "Eli Moss" in html

        flow.show_trainee(ids[1])
        qtbot.waitUntil(lambda: flow.trainee_report is not None and flow.trainee_report.row.trainee.id == ids[1],
                        timeout=30_000)
        flow.export_trainee_pdf()
        qtbot.waitUntil(lambda: "Saved" in flow.trainee_screen.status.text(), timeout=60_000)
        [trainee_pdf] = tmp_path.glob("report-*.pdf")
        _pages, text = pdf_text(trainee_pdf)
        words = " ".join(text.split())
        assert words.startswith("DEALER TRAINER · TRAINEE REPORT Eli Moss Night · ")  # the server's class
        assert "ANSWERS 16 ACCURACY 75% MEAN TIME 2.0 s" in words and "Dora Ruiz" not in words
        assert "Eli Moss" in report.trainee_report_html(flow.trainee_report)
        with Store.open(own_path) as own:  # still no trainee here: the reports read the server
            assert own.trainees() == []
            assert [e.action for e in own.audit_log(10)][:2] == ["export", "export"]
    finally:
        window.shutdown()
        config.activate(None)
